import { mkdtempSync, rmSync } from 'node:fs';
import {
  Agent,
  createServer,
  request as forward,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';

/**
 * An S3-compatible server for tests and the recordings bench, speaking everything
 * @tus/s3-store and the recordings store call (ADR 128). It is hand-written because nothing
 * installable here speaks it: s3rver 3.7.1 answers ListParts and AbortMultipartUpload with 405
 * and stores the SDK's `aws-chunked` bodies with their framing, the other fake S3 servers on npm
 * lack the same calls or want a newer Node, and Debian packages none.
 *
 * So it is a proxy in front of s3rver, which keeps objects, ranges, metadata and the assembly
 * of multipart uploads; the proxy
 * - decodes `aws-chunked` bodies (the SDK sends every streamed body so, with a CRC32 trailer)
 *   into plain ones before s3rver stores them. s3rver then sees headers other than those
 *   signed, so it is started with signatures unchecked;
 * - keeps the multipart uploads it has seen begin, and their parts as they pass (number, size,
 *   ETag), which answers ListParts and AbortMultipartUpload, and NoSuchUpload for an upload
 *   completed or aborted, as S3 does. What it keeps is in memory: it lives as long as the
 *   stand-in, which outlives the app instances a test starts and stops.
 */

export interface S3StandIn {
  endpoint: string;
  keys: { accessKeyId: string; secretAccessKey: string };
  /**
   * Holds every UploadPart from now on, its body received, until `release`: a part still on its
   * way to the bucket, for as long as a test needs.
   */
  holdParts(): { held(): number; release(): void };
  /** Every request so far, as `METHOD /bucket/key`, for a test that waits for one. */
  requests(): readonly string[];
  close(): Promise<void>;
}

interface PartSeen {
  size: number;
  etag: string;
  lastModified: string;
}

const KEYS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NAMESPACE = 'http://s3.amazonaws.com/doc/2006-03-01/';

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

/**
 * The payload of an `aws-chunked` body: `<hex size>[;chunk-signature=…]\r\n<bytes>\r\n`, …, a
 * chunk of size 0, then the trailers. Null when the framing is broken or the length is not the
 * one declared (S3's IncompleteBody).
 */
export function decodeAwsChunked(body: Buffer, declaredLength: number): Buffer | null {
  const pieces: Buffer[] = [];
  let position = 0;
  let length = 0;
  for (;;) {
    const lineEnd = body.indexOf('\r\n', position);
    if (lineEnd === -1) return null;
    const [hex = ''] = body.subarray(position, lineEnd).toString().split(';');
    const size = Number.parseInt(hex, 16);
    if (!Number.isInteger(size) || size < 0) return null;
    position = lineEnd + 2;
    if (size === 0) break;
    if (position + size > body.length) return null;
    pieces.push(body.subarray(position, position + size));
    length += size;
    position += size + 2;
  }
  return length === declaredLength ? Buffer.concat(pieces, length) : null;
}

function plainHeaders(headers: IncomingHttpHeaders, length: number): IncomingHttpHeaders {
  const {
    'transfer-encoding': _transfer,
    'x-amz-decoded-content-length': _decoded,
    'x-amz-trailer': _trailer,
    'x-amz-sdk-checksum-algorithm': _algorithm,
    ...plain
  } = headers;
  const encodings = String(headers['content-encoding'] ?? '')
    .split(',')
    .map((value) => value.trim())
    .filter((value) => value !== '' && value !== 'aws-chunked');
  if (encodings.length > 0) plain['content-encoding'] = encodings.join(',');
  else delete plain['content-encoding'];
  plain['content-length'] = String(length);
  plain['x-amz-content-sha256'] = 'UNSIGNED-PAYLOAD';
  return plain;
}

function sendError(
  response: ServerResponse,
  status: number,
  code: string,
  message: string,
  extra = '',
): void {
  response.writeHead(status, { 'content-type': 'application/xml' });
  response.end(
    `${XML_HEAD}<Error><Code>${code}</Code><Message>${escapeXml(message)}</Message>${extra}</Error>`,
  );
}

export async function startS3StandIn(options: { buckets: string[] }): Promise<S3StandIn> {
  const directory = mkdtempSync(join(tmpdir(), 'voice-ideas-s3-stand-in-'));
  const s3rver = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory,
    silent: true,
    allowMismatchedSignatures: true,
    configureBuckets: options.buckets.map((name) => ({ name, configs: [] })),
  });
  const { port: s3rverPort } = await s3rver.run();
  const agent = new Agent({ keepAlive: true });
  const uploads = new Map<string, { key: string; parts: Map<number, PartSeen> }>();
  let holding: (() => void)[] | null = null;
  const seen: string[] = [];

  /** Sends the request on to s3rver; `keep` collects a small answer's body for a look at it. */
  function toS3rver(
    request: IncomingMessage,
    headers: IncomingHttpHeaders,
    body: Buffer,
    response: ServerResponse,
    keep: boolean,
  ): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
    return new Promise((resolve, reject) => {
      const outgoing = forward(
        {
          host: '127.0.0.1',
          port: s3rverPort,
          method: request.method,
          path: request.url,
          headers,
          agent,
        },
        (answer) => {
          response.writeHead(answer.statusCode ?? 502, answer.headers);
          const kept: Buffer[] = [];
          answer.on('data', (chunk: Buffer) => {
            if (keep) kept.push(chunk);
            response.write(chunk);
          });
          answer.on('end', () => {
            response.end();
            resolve({
              status: answer.statusCode ?? 502,
              headers: answer.headers,
              body: Buffer.concat(kept),
            });
          });
          answer.on('error', reject);
        },
      );
      outgoing.on('error', reject);
      outgoing.end(body);
    });
  }

  function listParts(
    response: ServerResponse,
    url: URL,
    uploadId: string,
    upload: { key: string; parts: Map<number, PartSeen> },
  ): void {
    const marker = Number(url.searchParams.get('part-number-marker') ?? 0);
    const maxParts = Number(url.searchParams.get('max-parts') ?? 1000);
    const after = [...upload.parts.entries()]
      .filter(([number]) => number > marker)
      .sort(([a], [b]) => a - b);
    const listed = after.slice(0, maxParts);
    const truncated = after.length > listed.length;
    const next = listed.at(-1)?.[0] ?? marker;
    const parts = listed
      .map(
        ([number, part]) =>
          `<Part><PartNumber>${number}</PartNumber><LastModified>${part.lastModified}</LastModified>` +
          `<ETag>${escapeXml(part.etag)}</ETag><Size>${part.size}</Size></Part>`,
      )
      .join('');
    response.writeHead(200, { 'content-type': 'application/xml' });
    response.end(
      `${XML_HEAD}<ListPartsResult xmlns="${NAMESPACE}"><Key>${escapeXml(upload.key)}</Key>` +
        `<UploadId>${uploadId}</UploadId><PartNumberMarker>${marker}</PartNumberMarker>` +
        `<NextPartNumberMarker>${next}</NextPartNumberMarker><MaxParts>${maxParts}</MaxParts>` +
        `<IsTruncated>${truncated}</IsTruncated>${parts}</ListPartsResult>`,
    );
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    const key = decodeURIComponent(url.pathname.split('/').slice(2).join('/'));
    seen.push(`${request.method} ${url.pathname}`);
    let body = await readBody(request);
    let headers = request.headers;
    if (String(headers['content-encoding'] ?? '').includes('aws-chunked')) {
      const decoded = decodeAwsChunked(body, Number(headers['x-amz-decoded-content-length']));
      if (decoded === null) {
        sendError(response, 400, 'IncompleteBody', 'The aws-chunked body is not whole.');
        return;
      }
      body = decoded;
      headers = plainHeaders(headers, body.length);
    }
    const uploadId = url.searchParams.get('uploadId');
    if (uploadId === null) {
      const begins = request.method === 'POST' && url.searchParams.has('uploads');
      const answer = await toS3rver(request, headers, body, response, begins);
      const begun = /<UploadId>([^<]+)<\/UploadId>/.exec(answer.body.toString());
      if (begins && answer.status === 200 && begun?.[1]) {
        uploads.set(begun[1], { key, parts: new Map() });
      }
      return;
    }
    const upload = uploads.get(uploadId);
    if (upload === undefined || upload.key !== key) {
      sendError(
        response,
        404,
        'NoSuchUpload',
        'The specified upload does not exist. The upload ID may be invalid, or the upload may have been aborted or completed.',
        `<UploadId>${escapeXml(uploadId)}</UploadId>`,
      );
      return;
    }
    if (request.method === 'GET') {
      listParts(response, url, uploadId, upload);
    } else if (request.method === 'DELETE') {
      uploads.delete(uploadId);
      response.writeHead(204).end();
    } else if (request.method === 'PUT') {
      if (holding !== null) await new Promise<void>((go) => holding?.push(go));
      const answer = await toS3rver(request, headers, body, response, false);
      const number = Number(url.searchParams.get('partNumber'));
      if (answer.status === 200 && uploads.has(uploadId)) {
        upload.parts.set(number, {
          size: body.length,
          etag: String(answer.headers.etag ?? ''),
          lastModified: new Date().toISOString(),
        });
      }
    } else {
      const answer = await toS3rver(request, headers, body, response, true);
      if (answer.status === 200 && !answer.body.includes('<Error>')) uploads.delete(uploadId);
    }
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (!response.headersSent) {
        sendError(response, 500, 'InternalError', String(error));
      } else {
        response.destroy();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    keys: KEYS,
    requests: () => seen,
    holdParts() {
      const held: (() => void)[] = [];
      holding = held;
      return {
        held: () => held.length,
        release() {
          if (holding === held) holding = null;
          for (const go of held.splice(0)) go();
        },
      };
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      agent.destroy();
      await s3rver.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
