import { sql } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { TEST_DATABASE_URL, openTestDatabase } from '../test-support/databases.js';
import { instantFromPostgres, postgresTypes } from './postgres-instants.js';
import { toDate, toIso } from './rows.js';

/** What `pg` makes of a timestamptz without our parser: the Date each case is held to. */
const pgDate = (text: string) =>
  pg.types.getTypeParser(pg.types.builtins.TIMESTAMPTZ, 'text')(text) as Date;

describe('instantFromPostgres', () => {
  it('writes a UTC timestamptz as toISOString() would', () => {
    expect(instantFromPostgres('2026-11-24 05:11:25.123+00')).toBe('2026-11-24T05:11:25.123Z');
    expect(instantFromPostgres('2026-11-24 05:11:25.12+00')).toBe('2026-11-24T05:11:25.120Z');
    expect(instantFromPostgres('2026-11-24 05:11:25.1+00')).toBe('2026-11-24T05:11:25.100Z');
    expect(instantFromPostgres('2026-11-24 05:11:25+00')).toBe('2026-11-24T05:11:25.000Z');
    expect(instantFromPostgres('1999-01-01 00:00:00.000999+00')).toBe('1999-01-01T00:00:00.000Z');
  });

  it('cuts microseconds to milliseconds as the Date it replaces did', () => {
    for (const text of ['2026-02-28 23:59:59.999999+00', '2026-11-24 05:11:25.123456+00']) {
      expect(instantFromPostgres(text)).toBe(pgDate(text).toISOString());
    }
  });

  it('agrees with pg and toIso on every millisecond fraction', () => {
    for (let ms = 0; ms < 1000; ms += 1) {
      const fraction = String(ms).padStart(3, '0').replace(/0+$/, '');
      const text = `2026-11-24 05:11:25${fraction === '' ? '' : `.${fraction}`}+00`;
      const expected = pgDate(text).toISOString();
      expect(instantFromPostgres(text)).toBe(expected);
      expect(toIso(instantFromPostgres(text) as string)).toBe(expected);
    }
  });

  it('leaves other offsets and forms to pg, as ISO text when they are an instant', () => {
    expect(instantFromPostgres('2026-11-24 06:11:25.123+01')).toBe('2026-11-24T05:11:25.123Z');
    expect(instantFromPostgres('2026-11-24 00:11:25-05:00')).toBe('2026-11-24T05:11:25.000Z');
    expect(instantFromPostgres('infinity')).toBe(Infinity);
    expect(instantFromPostgres('-infinity')).toBe(-Infinity);
    expect(instantFromPostgres('0001-01-01 00:00:00+00 BC')).toBe('0000-01-01T00:00:00.000Z');
    expect(instantFromPostgres('10000-01-01 00:00:00+00')).toBe('+010000-01-01T00:00:00.000Z');
  });

  it('reads every fraction length and the years JavaScript writes with four digits', () => {
    for (const text of [
      '2026-11-24 05:11:25.1234+00',
      '2026-11-24 05:11:25.12345+00',
      '0050-06-30 12:00:00.5+00',
      '0999-12-31 23:59:59.999+00',
    ]) {
      expect(instantFromPostgres(text)).toBe(pgDate(text).toISOString());
    }
  });

  it('is only used for timestamptz in text', () => {
    expect(postgresTypes.getTypeParser(pg.types.builtins.TIMESTAMPTZ, 'text')).toBe(
      instantFromPostgres,
    );
    expect(postgresTypes.getTypeParser(pg.types.builtins.TIMESTAMPTZ, 'binary')).not.toBe(
      instantFromPostgres,
    );
    expect(postgresTypes.getTypeParser(pg.types.builtins.INT8, 'text')).toBe(
      pg.types.getTypeParser(pg.types.builtins.INT8, 'text'),
    );
  });
});

describe.skipIf(TEST_DATABASE_URL === undefined)('timestamptz read through openDatabase', () => {
  it('comes back as the ISO text that was stored, in UTC or any other session time zone', async () => {
    const database = await openTestDatabase('postgres');
    try {
      const stored = [
        '2026-11-24T05:11:25.123Z',
        '2026-11-24T05:11:25.000Z',
        '2024-02-29T23:59:59.990Z',
      ];
      for (const zone of ['UTC', 'Europe/Berlin']) {
        const rows = await database.db.connection().execute(async (db) => {
          await sql`SELECT set_config('TimeZone', ${zone}, false)`.execute(db);
          return Promise.all(
            stored.map(
              async (at) =>
                (await sql<{ at: unknown }>`SELECT ${at}::timestamptz AS at`.execute(db)).rows[0]
                  ?.at,
            ),
          );
        });
        expect(rows).toEqual(stored);
        expect(rows.map((at) => toIso(at as string))).toEqual(stored);
        expect(rows.map((at) => toDate(at as string).getTime())).toEqual(
          stored.map((at) => Date.parse(at)),
        );
      }
    } finally {
      await database.close();
    }
  });
});
