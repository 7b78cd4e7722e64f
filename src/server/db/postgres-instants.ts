import pg from 'pg';

/**
 * How PostgreSQL's text output writes a timestamptz in UTC under the default ISO DateStyle:
 * "2026-11-24 05:11:25.123+00", with the fraction's trailing zeros dropped (".12", none at all
 * on a whole second) and up to microseconds.
 */
const UTC_INSTANT = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})(?:\.(\d{1,6}))?\+00$/;

const parseWithDefault = pg.types.getTypeParser(pg.types.builtins.TIMESTAMPTZ, 'text') as (
  text: string,
) => Date | number | null;

/**
 * A timestamptz as the text SQLite stores and the API sends (toISOString(): milliseconds, "Z"),
 * instead of the Date `pg` makes by default. Rows reach toIso() in db/rows.ts, which passes that
 * text through untouched: a 20-idea page is 40 instants, and parsing each into a Date and
 * printing it again cost a PostgreSQL listing some 40 µs of the server's CPU (about 1 µs each).
 * The fraction is cut to milliseconds, as the Date was.
 *
 * A server whose TimeZone is not UTC prints other offsets. The session's zone is not forced to
 * UTC (the `options` startup parameter that would carry `-c TimeZone=UTC` is refused by
 * PgBouncer before 1.20 and by other poolers), so those instants, like any other form (a BC or
 * five-digit year, infinity), go through pg's own parser and come back as the same ISO text when
 * they are an instant JavaScript can hold; otherwise as pg gives them (Infinity, null, or a Date
 * past the year 275760, which toIso() refuses as before).
 */
export function instantFromPostgres(text: string): string | Date | number | null {
  const match = UTC_INSTANT.exec(text);
  if (match === null) {
    const parsed = parseWithDefault(text);
    return parsed instanceof Date && !Number.isNaN(parsed.getTime())
      ? parsed.toISOString()
      : parsed;
  }
  const [, day, time, fraction = ''] = match;
  return `${day}T${time}.${fraction.padEnd(3, '0').slice(0, 3)}Z`;
}

/** Type parsers for a pool: timestamptz as ISO text, every other type as `pg` reads it. */
export const postgresTypes = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === pg.types.builtins.TIMESTAMPTZ && format !== 'binary'
      ? instantFromPostgres
      : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};
