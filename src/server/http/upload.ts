import { createWriteStream } from 'node:fs';
import { mkdtemp, open, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { ClientGoneError, clientLeftMidRequest, HttpError } from './errors.js';
import type { StagingHold, StagingRoom } from './staging-room.js';

/** Multipart framing around the file; a request declaring more than this is refused unread. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;
/**
 * Once the whole body has arrived, how long the parser may take to hand over the file. Some
 * malformed bodies (a large part with no form-data Content-Disposition) leave it waiting for
 * ever with the body complete, where no timeout on the connection applies.
 */
const PARSE_AFTER_BODY_MS = 2_000;
const PARSE_CHECK_MS = 250;
/** How long the rest of a body may take after its file, to be read for a second file. */
const REST_OF_BODY_MS = 2_000;

/** Rejects when the body is all in but the parser has stopped getting anywhere with it. */
function parserStuck(
  request: FastifyRequest,
  field: string,
): { stuck: Promise<never>; stop(): void } {
  let completeSince: number | undefined;
  let timer: NodeJS.Timeout | undefined;
  const stuck = new Promise<never>((_resolve, reject) => {
    timer = setInterval(() => {
      // Gone mid-body: the parser may never hear of it, so the wait ends here.
      if (request.raw.destroyed && !request.raw.complete) {
        clearInterval(timer);
        reject(new ClientGoneError('the client left while its body was arriving'));
        return;
      }
      // Still arriving: the transport's body progress guard watches that part.
      if (!request.raw.complete) return;
      completeSince ??= Date.now();
      if (Date.now() - completeSince < PARSE_AFTER_BODY_MS) return;
      clearInterval(timer);
      reject(
        new HttpError(
          400,
          'invalid_input',
          `${field}: the multipart/form-data body holds no file part that can be read.`,
        ),
      );
    }, PARSE_CHECK_MS);
    timer.unref();
  });
  // Whoever loses the race, an unobserved rejection must not surface.
  stuck.catch(() => undefined);
  return { stuck, stop: () => clearInterval(timer) };
}

export interface UploadLimits {
  /** The one file field accepted. */
  field: string;
  maxBytes: number;
  /** What the file is, for the 413 message: "The recording is larger than 25 MiB." */
  noun: string;
  /** Where uploads are staged: one fresh directory per request, always removed. */
  tempDir: string;
  /** How many leading bytes to hand back for sniffing. */
  headBytes: number;
  /** The disk room staged uploads share, and whose upload this is (http/staging-room.ts). */
  room?: { staging: StagingRoom; clientKey: string };
}

export interface StagedUpload {
  filePath: string;
  sizeBytes: number;
  /** The first bytes of the file, for deciding what it is. */
  head: Buffer;
  /**
   * The text fields sent before the file (a field after it is never read: the file is handed
   * on as it arrives). The first value of a field sent twice.
   */
  fields: Record<string, string>;
}

type MultipartFile = NonNullable<Awaited<ReturnType<FastifyRequest['file']>>>;
type MultipartParts = ReturnType<FastifyRequest['parts']>;

/** The first file part; the text fields before it come with it. */
async function firstFile(parts: MultipartParts): Promise<MultipartFile | undefined> {
  for (;;) {
    const step = await parts.next();
    if (step.done === true) return undefined;
    if (step.value.type === 'file') return step.value;
  }
}

/**
 * A body with a second file is refused rather than read for its first alone: the client meant
 * something the route does not do. What follows the file is normally its closing boundary,
 * read here for at most REST_OF_BODY_MS; a body still arriving past that goes on unread, as
 * the parser's other bounds hold it.
 */
async function refuseAnotherFile(
  request: FastifyRequest,
  parts: MultipartParts,
  stuck: Promise<never>,
  limits: UploadLimits,
): Promise<void> {
  const rest = (async () => {
    for (;;) {
      const step = await parts.next();
      if (step.done === true) return false;
      if (step.value.type === 'file') {
        step.value.file.resume();
        return true;
      }
    }
  })();
  let timer: NodeJS.Timeout | undefined;
  const waited = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), REST_OF_BODY_MS);
  });
  let another: boolean;
  try {
    another = await Promise.race([rest, waited, stuck]);
  } catch (error) {
    const failure = multipartFailure(request, error, limits);
    // Only a second file is refused here: a tail the parser cannot read leaves the file whole.
    another = (error as { code?: unknown }).code === 'FST_FILES_LIMIT';
    if (!another && failure instanceof ClientGoneError) throw failure;
  } finally {
    clearTimeout(timer);
  }
  rest.catch(() => undefined);
  if (another) {
    throw new HttpError(
      400,
      'invalid_input',
      `${limits.field}: send one file in a field named ${limits.field}, not more.`,
    );
  }
}

function textFields(fields: Record<string, unknown>): Record<string, string> {
  const found: Record<string, string> = {};
  for (const [name, entry] of Object.entries(fields)) {
    const first: unknown = Array.isArray(entry) ? entry[0] : entry;
    if (
      typeof first === 'object' &&
      first !== null &&
      (first as { type?: unknown }).type === 'field'
    ) {
      found[name] = String((first as { value?: unknown }).value);
    }
  }
  return found;
}

/**
 * Anything the multipart parser throws is about the bytes the client sent (no boundary, a
 * broken part header, a body that ends before its closing boundary) unless the client is gone.
 */
function multipartFailure(
  request: FastifyRequest,
  error: unknown,
  limits: UploadLimits,
): HttpError {
  if (error instanceof HttpError) return error;
  if (clientLeftMidRequest(request)) return new ClientGoneError(error);
  const code = (error as { code?: unknown }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge(limits);
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return new HttpError(
      400,
      'invalid_input',
      `${limits.field}: send one file in a field named ${limits.field}, with few other fields.`,
    );
  }
  const reason = error instanceof Error ? error.message : String(error);
  return new HttpError(
    400,
    'invalid_input',
    `${limits.field}: the multipart/form-data body is malformed.`,
    undefined,
    { cause: reason },
  );
}

function tooLarge(limits: UploadLimits): HttpError {
  const mebibytes = Math.round((limits.maxBytes / 1024 / 1024) * 10) / 10;
  return new HttpError(
    413,
    'payload_too_large',
    `The ${limits.noun} is larger than ${mebibytes} MiB.`,
  );
}

async function readHead(path: string, bytes: number): Promise<Buffer> {
  const handle = await open(path, 'r');
  try {
    const head = Buffer.alloc(bytes);
    const { bytesRead } = await handle.read(head, 0, bytes, 0);
    return head.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/**
 * Streams the one file of a multipart request to a private temp directory (never into memory),
 * hands it to `use`, and removes it whatever happens. Every way the body can be wrong is a 4xx
 * in the API's error shape.
 */
export async function withStagedUpload<T>(
  request: FastifyRequest,
  limits: UploadLimits,
  use: (upload: StagedUpload) => Promise<T>,
): Promise<T> {
  const declaredLength = Number(request.headers['content-length'] ?? 0);
  if (declaredLength > limits.maxBytes + MULTIPART_OVERHEAD_BYTES) throw tooLarge(limits);
  if (!request.isMultipart()) {
    throw new HttpError(
      400,
      'invalid_input',
      `${limits.field}: send the file as multipart/form-data in a file field named ${limits.field}.`,
    );
  }

  // A client gone before its body was read leaves a parser that never settles: refused here,
  // so nothing is held for it.
  if (request.raw.destroyed) throw new ClientGoneError('the client left before its body was read');
  const hold = limits.room?.staging.hold(limits.room.clientKey);
  const parsing = parserStuck(request, limits.field);
  try {
    return await stageFile(request, limits, parsing, use, hold);
  } finally {
    parsing.stop();
    hold?.release();
  }
}

async function stageFile<T>(
  request: FastifyRequest,
  limits: UploadLimits,
  parsing: { stuck: Promise<never>; stop(): void },
  use: (upload: StagedUpload) => Promise<T>,
  hold: StagingHold | undefined,
): Promise<T> {
  const { stuck } = parsing;
  // Past the size limit the file is marked truncated and answered 413 below; the parser's own
  // error for it (which its types do not name for parts()) would only race that answer.
  const options = {
    limits: { fileSize: limits.maxBytes, files: 1, fields: 10, parts: 11 },
    throwFileSizeLimit: false,
  };
  const parts = request.parts(options);
  let part: MultipartFile | undefined;
  try {
    part = await Promise.race([firstFile(parts), stuck]);
  } catch (error) {
    throw multipartFailure(request, error, limits);
  }
  if (part === undefined) {
    throw new HttpError(400, 'invalid_input', `${limits.field}: no file was uploaded.`);
  }
  if (part.fieldname !== limits.field) {
    part.file.resume();
    throw new HttpError(
      400,
      'invalid_input',
      `${limits.field}: the file must be sent in a field named ${limits.field}.`,
    );
  }

  const dir = await mkdtemp(join(limits.tempDir, 'voice-ideas-upload-'));
  try {
    const filePath = join(dir, 'upload');
    try {
      // Past the size limit busboy discards the rest and marks the stream truncated.
      // Each chunk takes its room before it is written, so a body holds what it has sent.
      const holding = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          try {
            hold?.grow(chunk.length);
            done(null, chunk);
          } catch (error) {
            done(error as Error);
          }
        },
      });
      await Promise.race([pipeline(part.file, holding, createWriteStream(filePath)), stuck]);
    } catch (error) {
      throw multipartFailure(request, error, limits);
    }
    // Staged: the parser's work is done, whatever the caller then does with the file.
    if (part.file.truncated) {
      parsing.stop();
      throw tooLarge(limits);
    }
    await refuseAnotherFile(request, parts, stuck, limits);
    parsing.stop();
    hold?.bodyIn();
    const { size } = await stat(filePath);
    const head = await readHead(filePath, limits.headBytes);
    return await use({ filePath, sizeBytes: size, head, fields: textFields(part.fields) });
  } finally {
    if (!part.file.readableEnded) part.file.destroy();
    await rm(dir, { recursive: true, force: true });
  }
}
