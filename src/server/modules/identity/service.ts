import { PASSWORD_MIN_CHARS } from '../../../contract/limits.js';
import { HttpError } from '../../http/errors.js';
import type { PasswordGuessThrottle } from '../../http/rate-limits.js';
import type { IdeasService } from '../ideas/service.js';
import type { PasswordHasher } from './passwords.js';
import type { UserRecord, UsersRepository } from './users-repository.js';

export interface Credentials {
  email: string;
  password: string;
}

export interface IdentityService {
  /**
   * Creates a free account, moving the guest's ideas into it in the same transaction;
   * 409 email_taken when the e-mail (case-insensitive) already has an account.
   */
  register(credentials: Credentials, guestId: string | null): Promise<UserRecord>;
  /**
   * Checks a password sign-in; 401 invalid_credentials, the same words and the same work for an
   * unknown e-mail, a wrong password and an account without a password. On success the guest's
   * ideas move into the account.
   */
  logIn(
    credentials: Credentials,
    from: { address: string; guestId: string | null; guesses: PasswordGuessThrottle },
  ): Promise<UserRecord>;
}

const INVALID_CREDENTIALS_MESSAGE = 'Incorrect email or password.';

export function createIdentityService(deps: {
  users: UsersRepository;
  passwords: PasswordHasher;
  ideas: Pick<IdeasService, 'adoptGuestIdeas'>;
}): IdentityService {
  const { users, passwords, ideas } = deps;
  return {
    async register({ email, password }, guestId) {
      const passwordHash = await passwords.hash(password);
      const created = await users.create({
        email,
        passwordHash,
        ...(guestId ? { guestIdToAdopt: guestId } : {}),
      });
      if (created === 'email_taken') {
        throw new HttpError(
          409,
          'email_taken',
          'An account with this email already exists. Please sign in instead.',
        );
      }
      return created;
    },

    async logIn({ email, password }, { address, guestId, guesses }) {
      // Counted as a failure before the password is checked, so parallel guesses cannot all
      // slip past the limit while the first ones are still hashing.
      await guesses.begin(email, address);
      const user = await users.findByEmail(email);
      let valid = false;
      if (user?.passwordHash && password.length >= PASSWORD_MIN_CHARS) {
        valid = await passwords.verify(user.passwordHash, password);
      } else {
        // Too short to be anyone's password, an unknown e-mail or an account without a
        // password: refused like a wrong password, after the same work.
        await passwords.verifyDummy(password);
      }
      if (!user || !valid) {
        throw new HttpError(401, 'invalid_credentials', INVALID_CREDENTIALS_MESSAGE);
      }
      await guesses.succeeded(email, address);
      if (guestId) await ideas.adoptGuestIdeas(user.id, guestId);
      return user;
    },
  };
}
