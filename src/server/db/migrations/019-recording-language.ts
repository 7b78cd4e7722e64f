import { sql, type Kysely } from 'kysely';

/**
 * recordings.language: the language spoken, as the upload's metadata named it (docs/api.md,
 * "Extension: the spoken language"), for the engine that transcribes it later; null: the
 * engine detects it, as before.
 */
export function recordingLanguageMigration() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await sql.raw('ALTER TABLE recordings ADD COLUMN language TEXT').execute(db);
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await sql.raw('ALTER TABLE recordings DROP COLUMN language').execute(db);
    },
  };
}
