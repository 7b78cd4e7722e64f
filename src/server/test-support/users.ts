import { randomBytes } from 'node:crypto';
import type { Database } from '../db/database.js';
import { createUsersRepository, type UserRecord } from '../modules/identity/users-repository.js';

/**
 * A new user with an address no other test uses, for tests that need someone to own rows.
 * `email_taken` cannot happen with a random address, so it is a failure, not a result.
 */
export async function createTestUser(
  database: Database,
  { passwordHash = null }: { passwordHash?: string | null } = {},
): Promise<UserRecord> {
  const created = await createUsersRepository(database).create({
    email: `${randomBytes(6).toString('hex')}@example.com`,
    passwordHash,
  });
  if (created === 'email_taken') throw new Error('a random test address was already taken');
  const { adoption: _none, ...user } = created;
  return user;
}
