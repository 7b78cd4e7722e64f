/** Instants come back as ISO text from SQLite and as Date from PostgreSQL. */
export function toIso(value: string | Date): string {
  return value instanceof Date ? value.toISOString() : new Date(value).toISOString();
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
