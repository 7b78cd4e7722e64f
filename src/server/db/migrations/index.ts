import type { Migration } from 'kysely';
import type { Dialect } from '../database.js';
import { initialMigration } from './001-initial.js';
import { searchProbeIndexMigration } from './002-search-probe-index.js';
import { ideaCountsMigration } from './003-idea-counts.js';
import { accountsBillingMigration } from './004-accounts-billing.js';

/**
 * Every migration, in order. A static list (not a directory read) so the compiled server finds
 * them wherever it runs. Names sort in application order; never rename or edit a released one.
 */
export function migrationsFor(dialect: Dialect): Record<string, Migration> {
  return {
    '001-initial': initialMigration(dialect),
    '002-search-probe-index': searchProbeIndexMigration(dialect),
    '003-idea-counts': ideaCountsMigration(dialect),
    '004-accounts-billing': accountsBillingMigration(dialect),
  };
}
