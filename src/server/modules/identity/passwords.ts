import { hash, verify } from '@node-rs/argon2';

/** Hashes and checks passwords; the plain password never leaves these two calls (nor a log). */
export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(passwordHash: string, password: string): Promise<boolean>;
  /** Spends the time of one verification, so an unknown e-mail answers as slowly as a known one. */
  verifyDummy(password: string): Promise<void>;
}

export interface Argon2Cost {
  memoryCost: number;
  timeCost: number;
  parallelism: number;
}

/** OWASP's argon2id baseline (19 MiB, 2 passes, 1 lane). */
export const PRODUCTION_ARGON2_COST: Argon2Cost = {
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
};
/** For tests only: the same algorithm at a cost that keeps a 2-core suite quick. */
export const FAST_TEST_ARGON2_COST: Argon2Cost = { memoryCost: 1024, timeCost: 1, parallelism: 1 };

export function createPasswordHasher(cost: Argon2Cost = PRODUCTION_ARGON2_COST): PasswordHasher {
  // @node-rs/argon2 defaults to argon2id; the algorithm is not passed because it is a const
  // enum, which isolatedModules cannot import. The tests assert the $argon2id$ prefix.
  let dummyHash: Promise<string> | undefined;
  return {
    hash: (password) => hash(password, cost),
    verify: async (passwordHash, password) => {
      try {
        return await verify(passwordHash, password);
      } catch {
        return false;
      }
    },
    verifyDummy: async (password) => {
      dummyHash ??= hash('not-a-real-password', cost);
      await verify(await dummyHash, password).catch(() => false);
    },
  };
}
