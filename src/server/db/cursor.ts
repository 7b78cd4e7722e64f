/**
 * The paging cursor (ADR 002): the (createdAt, id) of the last idea (or recording) on a page, so the next page
 * starts strictly after it in newest-first order. Opaque to clients: base64url of
 * `v1|<createdAt>|<id>`. Anything that does not decode to exactly that shape is rejected, so a
 * route can answer 400 instead of silently returning the first page.
 */
export interface CursorPosition {
  createdAt: string;
  id: string;
}

export class InvalidCursorError extends Error {
  readonly code = 'invalid_cursor';
  constructor() {
    super('cursor is not a cursor this server issued');
    this.name = 'InvalidCursorError';
  }
}

const VERSION = 'v1';
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const CURSOR_ID = /^[0-9A-Za-z_-]{1,64}$/;
const BASE64URL = /^[A-Za-z0-9_-]+$/;

export function encodeCursor(position: CursorPosition): string {
  return Buffer.from(`${VERSION}|${position.createdAt}|${position.id}`, 'utf8').toString(
    'base64url',
  );
}

export function decodeCursor(cursor: string): CursorPosition {
  if (!BASE64URL.test(cursor) || cursor.length > 200) throw new InvalidCursorError();
  const parts = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const [version, createdAt, id] = parts;
  if (
    parts.length !== 3 ||
    version !== VERSION ||
    createdAt === undefined ||
    id === undefined ||
    !ISO_INSTANT.test(createdAt) ||
    !isRealInstant(createdAt) ||
    !CURSOR_ID.test(id)
  ) {
    throw new InvalidCursorError();
  }
  return { createdAt, id };
}

/** Rejects impossible dates such as 2026-02-30 that the pattern alone lets through. */
function isRealInstant(iso: string): boolean {
  const time = Date.parse(iso);
  return !Number.isNaN(time) && new Date(time).toISOString() === iso;
}
