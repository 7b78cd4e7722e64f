import { sql, type Kysely } from 'kysely';

/**
 * What a checkout claim needs to open only its own account (docs/api.md, "Identity"; ADR 100).
 *
 * users.created_by_checkout: the billing checkout whose fulfilment created the account (webhook
 * or claim, whichever came first), NULL for an account made any other way. A claim signs in
 * only to the account its own checkout created.
 * auth_tokens.browser_hash: for a claim token, the SHA-256 of the HttpOnly cookie the checkout
 * was started with, so only that browser can use it. Claims issued before this migration have
 * none and open nothing (the buyer signs in by e-mailed link instead).
 */
export function checkoutClaimsMigration() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await sql`ALTER TABLE users ADD COLUMN created_by_checkout TEXT`.execute(db);
      await sql`ALTER TABLE auth_tokens ADD COLUMN browser_hash TEXT`.execute(db);
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await sql`ALTER TABLE auth_tokens DROP COLUMN browser_hash`.execute(db);
      await sql`ALTER TABLE users DROP COLUMN created_by_checkout`.execute(db);
    },
  };
}
