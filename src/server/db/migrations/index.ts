import type { Migration } from 'kysely';
import type { Dialect } from '../database.js';
import { initialMigration } from './001-initial.js';
import { searchProbeIndexMigration } from './002-search-probe-index.js';
import { ideaCountsMigration } from './003-idea-counts.js';
import { accountsBillingMigration } from './004-accounts-billing.js';
import { ownerScopedSearchMigration } from './005-owner-scoped-search.js';
import { limitCountersMigration } from './006-limit-counters.js';
import { idempotencyKeysMigration } from './007-idempotency-keys.js';
import { searchJoinedWordsMigration } from './008-search-joined-words.js';
import { searchWordPairsMigration } from './009-search-word-pairs.js';
import { checkoutClaimsMigration } from './010-checkout-claims.js';
import { recordingsMigration } from './011-recordings.js';
import { shareLinksMigration } from './012-share-links.js';
import { dictionariesMigration } from './013-dictionaries.js';
import { sessionEpochsMigration } from './014-session-epochs.js';
import { passwordBeforeProofMigration } from './015-password-before-proof.js';
import { recordingClientKeysMigration } from './016-recording-client-keys.js';
import { ideaJoinedAtMigration } from './017-idea-joined-at.js';
import { writtenBeforeProofMigration } from './018-written-before-proof.js';
import { recordingLanguageMigration } from './019-recording-language.js';
import { recordingReceivedBytesMigration } from './020-recording-received-bytes.js';
import { idempotencyIdeaIdsMigration } from './021-idempotency-idea-ids.js';

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
    '005-owner-scoped-search': ownerScopedSearchMigration(dialect),
    '006-limit-counters': limitCountersMigration(dialect),
    '007-idempotency-keys': idempotencyKeysMigration(dialect),
    '008-search-joined-words': searchJoinedWordsMigration(dialect),
    '009-search-word-pairs': searchWordPairsMigration(dialect),
    '010-checkout-claims': checkoutClaimsMigration(),
    '011-recordings': recordingsMigration(dialect),
    '012-share-links': shareLinksMigration(dialect),
    '013-dictionaries': dictionariesMigration(dialect),
    '014-session-epochs': sessionEpochsMigration(dialect),
    '015-password-before-proof': passwordBeforeProofMigration(),
    '016-recording-client-keys': recordingClientKeysMigration(),
    '017-idea-joined-at': ideaJoinedAtMigration(dialect),
    '018-written-before-proof': writtenBeforeProofMigration(dialect),
    '019-recording-language': recordingLanguageMigration(),
    '020-recording-received-bytes': recordingReceivedBytesMigration(dialect),
    '021-idempotency-idea-ids': idempotencyIdeaIdsMigration(dialect),
  };
}
