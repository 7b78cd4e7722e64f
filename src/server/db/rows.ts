/** What toISOString() writes, which is how every instant is stored on SQLite. */
const CANONICAL_ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/**
 * Instants come back as ISO text from both dialects (db/postgres-instants.ts), and as a Date
 * only past the year 275760, which toISOString() refuses. Text already in toISOString() form is
 * returned as is: parsing and re-printing it was a visible share of a 20-idea page's CPU.
 */
export function toIso(value: string | Date): string {
  if (value instanceof Date) return value.toISOString();
  return CANONICAL_ISO.test(value) ? value : new Date(value).toISOString();
}

export function toDate(value: string | Date): Date {
  return value instanceof Date ? value : new Date(value);
}

/** count(*) is a number from SQLite and a string (bigint) from PostgreSQL. */
export function toCount(value: number | string | bigint | null | undefined): number {
  return value == null ? 0 : Number(value);
}

/** Unique-constraint violations on either dialect. */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  return (
    code === '23505' ||
    code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    code === 'SQLITE_CONSTRAINT_PRIMARYKEY'
  );
}

/** Foreign-key violations on either dialect (a row that names one that is gone). */
export function isForeignKeyViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  return code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY';
}
