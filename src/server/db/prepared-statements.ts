import type pg from 'pg';

/*
 * PostgreSQL parses and plans every statement sent without a name, each time: measured on one
 * connection (loaded machine, load average 8), the session lookup cost the server 180-240 µs of
 * CPU that way and 45-50 µs as a named prepared statement, the listing's page 195-215 against
 * 70-105 µs. The few texts that run on nearly every request are therefore kept prepared on
 * each pooled connection, under a name, the first time that connection runs them.
 *
 * Only texts whose best plan does not depend on the values (equality on a unique or leading
 * index column): after a few runs PostgreSQL may switch a named statement to one generic plan.
 * The searches are not among them (their plans depend on the pattern, ADR 014). And only texts
 * that name their columns: a prepared statement's result columns are fixed, so `*` would fail
 * once a migration added a column while this server runs.
 */
const names = new Map<string, string>();

/** Marks `text` to be kept prepared on PostgreSQL connections; returns it unchanged. */
export function preparedOnPostgres(text: string): string {
  if (!names.has(text)) names.set(text, `voice_ideas_${names.size + 1}`);
  return text;
}

/**
 * Makes `client` send the marked texts as named statements. Kysely runs a statement as
 * `client.query(text, values)`; anything else passes through untouched.
 */
export function preparingClient(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  client.query = ((...args: unknown[]) => {
    const [text, values] = args;
    const name = typeof text === 'string' ? names.get(text) : undefined;
    if (name === undefined || args.length !== 2 || !Array.isArray(values)) return query(...args);
    return query({ name, text, values });
  }) as typeof client.query;
}
