import { Metadata } from '@tus/utils';
import type { FastifyRequest } from 'fastify';
import type { Owner } from '../../db/owner.js';
import { HttpError, type ErrorBody } from '../../http/errors.js';
import { requireGuestId } from '../../http/sessions.js';
import type { UploadMetadata } from './service.js';
import { readUploadMetadata } from './upload-metadata.js';

/*
 * Reading a tus request as the API reads requests: its owner, its declared bytes and metadata,
 * and tus's plain-text refusals turned into the API's JSON ones (tus-uploads.ts).
 */

/** What tus's plain-text refusals mean, said as the rest of the API says things. */
export const TUS_ERRORS: Record<number, ErrorBody> = {
  400: { error: 'invalid_input', message: 'The tus request is malformed' },
  404: { error: 'not_found', message: 'This upload does not exist.' },
  409: {
    error: 'offset_mismatch',
    message:
      'Upload-Offset does not match the bytes this server holds; ask with HEAD where to resume.',
  },
  410: { error: 'upload_expired', message: 'This upload expired and its bytes were removed.' },
  412: {
    error: 'tus_version_required',
    message: 'Send Tus-Resumable: 1.0.0 with every tus request.',
  },
  415: {
    error: 'unsupported_media_type',
    message: 'Send the bytes as application/offset+octet-stream.',
  },
  // tus answers 501 for an extension it lacks (concatenation, which parallel uploads use): a
  // choice of this server, not a fault in it.
  501: {
    error: 'not_implemented',
    message: 'This server does not support that tus extension. Upload the recording in one piece.',
  },
};

/** A write at an offset other than the bytes the server holds, said as tus's own 409 is. */
export function offsetMismatch(): HttpError {
  const body = TUS_ERRORS[409] as ErrorBody;
  return new HttpError(409, body.error, body.message);
}

export function tooLarge(maxBytes: number): ErrorBody {
  const mebibytes = Math.round((maxBytes / 1024 / 1024) * 10) / 10;
  return { error: 'payload_too_large', message: `The recording is larger than ${mebibytes} MiB.` };
}

/** A thrown HttpError in the shape tus passes through: its status and our JSON body. */
export function forTus(error: unknown): unknown {
  if (!(error instanceof HttpError)) return error;
  return {
    status_code: error.statusCode,
    body: JSON.stringify({ error: error.code, message: error.message }),
  };
}

export function hasBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  return (
    request.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0')
  );
}

/**
 * How many bytes a write brings, known before they are stored: its Content-Length, or for a body
 * without one (chunked) the rest of a length it declares (`Upload-Length` minus `Upload-Offset`;
 * tus-js-client in Node ends a deferred upload with an empty chunked PATCH that declares it).
 * Bytes are counted before they are stored (the address's bytes an hour, the server's room: ADR
 * 117), so a chunked body that declares no end could only be counted once it had taken the room:
 * 411. `null`: there is no body.
 */
export function bytesDeclared(request: FastifyRequest): number | null {
  const length = byteCount(request.headers['content-length']);
  if (length !== null) return length;
  if (request.headers['transfer-encoding'] === undefined) return null;
  const end = byteCount(request.headers['upload-length']);
  const offset = byteCount(request.headers['upload-offset']) ?? 0;
  if (end !== null && end >= offset) return end - offset;
  throw new HttpError(
    411,
    'length_required',
    'Send the bytes of an upload with a Content-Length (or, for its last bytes, an Upload-Length): a body of unknown length is not taken.',
  );
}

/**
 * `body`: the bytes to hand tus, read through reserving-body.ts; none for the requests tus reads
 * no body of (OPTIONS, HEAD). The request stream itself is never handed over: a web stream made
 * of one the parser had already refused could not be read, and cancelling one destroys the
 * socket before the answer is out.
 */
export function toWebRequest(
  request: FastifyRequest,
  path: string,
  body: ReadableStream<Uint8Array> | null = null,
): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  return new Request(`http://localhost${path}`, {
    method: request.method,
    headers,
    body,
    // Node's fetch Request streams a body only when told it is half duplex.
    ...(body === null ? {} : { duplex: 'half' }),
  } as RequestInit);
}

export function uploadOwner(request: FastifyRequest): Owner {
  if (request.user) return { kind: 'user', userId: request.user.id };
  return { kind: 'guest', guestId: requireGuestId(request) };
}

export function metadataOf(raw: Record<string, string | null> | undefined): UploadMetadata {
  const value = (key: string) => raw?.[key] ?? null;
  return {
    filename: value('filename'),
    filetype: value('filetype'),
    format: value('format'),
    category: value('category'),
    keepAudio: value('keepAudio'),
    language: value('language'),
  };
}

/** A header's whole-number value, or null when it is absent or not digits only. */
export function byteCount(value: string | string[] | undefined): number | null {
  if (typeof value !== 'string' || !/^\d{1,16}$/.test(value.trim())) return null;
  return Number(value.trim());
}

/**
 * Whether an upload asks to keep its audio (the default), read from its Upload-Metadata; one
 * that keeps none is no kept audio, so the kept-audio caps do not refuse it. A header tus
 * cannot parse keeps the default: tus refuses it 400 itself.
 */
export function keepsAudio(header: string | string[] | undefined): boolean {
  if (typeof header !== 'string') return true;
  try {
    return readUploadMetadata(metadataOf(Metadata.parse(header))).keepAudio;
  } catch {
    return true;
  }
}
