import type { FastifyInstance } from 'fastify';

/*
 * tus uploads as the page sends them (docs/api.md, "Recordings"), for tests that need a
 * recording stored without decoding one.
 */

export const TUS = { 'tus-resumable': '1.0.0' };

/** A WAV header (so the upload is audio) and silence after it. */
export function silentWav(size: number): Buffer {
  const bytes = Buffer.alloc(size);
  bytes.write('RIFF', 0, 'ascii');
  bytes.writeUInt32LE(size - 8, 4);
  bytes.write('WAVEfmt ', 8, 'ascii');
  bytes.writeUInt32LE(16, 16);
  bytes.writeUInt16LE(1, 20);
  bytes.writeUInt16LE(1, 22);
  bytes.writeUInt32LE(16000, 24);
  bytes.writeUInt32LE(32000, 28);
  bytes.writeUInt16LE(2, 32);
  bytes.writeUInt16LE(16, 34);
  bytes.write('data', 36, 'ascii');
  bytes.writeUInt32LE(size - 44, 40);
  return bytes;
}

/** The tus creation: `length` announced, or deferred when null. */
export function beginUpload(
  app: FastifyInstance,
  headers: Record<string, string>,
  length: number | null,
  ip = '127.0.0.1',
) {
  return app.inject({
    method: 'POST',
    url: '/api/uploads',
    headers: {
      ...TUS,
      ...headers,
      ...(length === null ? { 'upload-defer-length': '1' } : { 'upload-length': String(length) }),
    },
    remoteAddress: ip,
  });
}

export function patchUpload(
  app: FastifyInstance,
  headers: Record<string, string>,
  location: string,
  offset: number,
  bytes: Buffer,
  ip = '127.0.0.1',
  extra: Record<string, string> = {},
) {
  return app.inject({
    method: 'PATCH',
    url: location,
    headers: {
      ...TUS,
      ...headers,
      'content-type': 'application/offset+octet-stream',
      'upload-offset': String(offset),
      ...extra,
    },
    payload: bytes,
    remoteAddress: ip,
  });
}

/** One whole upload of `bytes`; the recording's id, or an Error with the refusing reply. */
export async function uploadWhole(
  app: FastifyInstance,
  headers: Record<string, string>,
  bytes: Buffer,
  ip = '127.0.0.1',
): Promise<string> {
  const created = await beginUpload(app, headers, bytes.length, ip);
  if (created.statusCode !== 201) throw new Error(`upload refused: ${created.body}`);
  const location = String(created.headers.location);
  const sent = await patchUpload(app, headers, location, 0, bytes, ip);
  if (sent.statusCode !== 204) throw new Error(`upload refused: ${sent.body}`);
  return location.split('/').pop() ?? '';
}
