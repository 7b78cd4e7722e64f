import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  AbortMultipartUploadCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  PutObjectCommand,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { S3Store, type MetadataValue } from '@tus/s3-store';
import type { KvStore } from '@tus/utils';
import type { S3Config } from '../../config.js';
import { HttpError } from '../../http/errors.js';
import { AUDIO_SNIFF_BYTES } from '../ai/service.js';
import type { ByteRange, RecordingStore } from './store.js';

/**
 * The storage could not be reached or refused to work (a timeout, a refused connection, its own
 * 5xx, a credential it does not take): 503 for a person, a retry later for a transcription job.
 * `status_code` and `body` are how @tus/server answers an error a store throws, so an upload
 * request gets the same JSON as every other route.
 */
export class StorageUnavailableError extends HttpError {
  readonly status_code = 503;
  readonly body: string;
  constructor(cause: unknown) {
    super(
      503,
      'storage_unavailable',
      'The storage that holds recordings is not answering; please try again in a minute.',
      { 'Retry-After': '30' },
      { cause },
    );
    this.body = JSON.stringify({ error: this.code, message: this.message });
  }
}

/** S3's answers that say a thing is not there, which @tus/s3-store and remove() act on. */
function isNotFound(error: unknown): boolean {
  const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  return status === 404;
}

/**
 * Every instance asks the bucket, never its own memory: @tus/s3-store keeps an upload's record
 * (its length among it) in a per-process cache by default, so an instance that began an upload
 * would not see the length another instance declared for it.
 */
const NO_CACHE: KvStore<MetadataValue> = {
  get: () => Promise.resolve(undefined),
  set: () => Promise.resolve(),
  delete: () => Promise.resolve(),
};

/** S3's floor for every part but the last, and more than a recording's usual chunk. */
const PART_BYTES = 8 * 1024 * 1024;
const MAX_PARTS = 10_000;

class RecordingsS3Store extends S3Store {
  private readonly partBytes: number;

  constructor(settings: S3Config, expiryMs: number, maxBytes: number) {
    const partBytes = Math.max(PART_BYTES, Math.ceil(maxBytes / MAX_PARTS));
    const client: S3ClientConfig & { bucket: string } = {
      bucket: settings.bucket,
      region: settings.region,
      forcePathStyle: settings.forcePathStyle,
      // One retry: the person or the job retries after that, and each try is bounded below.
      maxAttempts: 2,
      // An idle limit, not one on the whole call: a long recording streams out for longer.
      requestHandler: { connectionTimeout: settings.timeoutMs, socketTimeout: settings.timeoutMs },
      ...(settings.endpoint === undefined ? {} : { endpoint: settings.endpoint }),
      ...(settings.accessKeyId !== undefined && settings.secretAccessKey !== undefined
        ? {
            credentials: {
              accessKeyId: settings.accessKeyId,
              secretAccessKey: settings.secretAccessKey,
            },
          }
        : {}),
    };
    super({
      s3ClientConfig: client,
      cache: NO_CACHE,
      // What is less than a whole part waits as `<id>.part` for the next bytes: by default a
      // body of 5 MiB or more became a part of its own size, so parts came in every size.
      minPartSize: partBytes,
      expirationPeriodInMilliseconds: expiryMs,
      // Expiry is the recordings service's sweep (ADR 120), not a bucket lifecycle rule on tags.
      useTags: false,
    });
    this.partBytes = partBytes;
    this.client.middlewareStack.add(
      (next) => async (args) => {
        try {
          return await next(args);
        } catch (error) {
          if (isNotFound(error)) throw error;
          throw new StorageUnavailableError(error);
        }
      },
      { step: 'initialize', name: 'recordingsStorageUnavailable' },
    );
  }

  /**
   * One part size for every upload: @tus/s3-store sizes the parts of an upload of unknown length
   * for 5 TiB (550 MB each), each written to a temporary file first; and some S3-compatible
   * stores (R2) want every part but the last the same size, which this gives.
   */
  protected override calcOptimalPartSize(): number {
    return this.partBytes;
  }

  /**
   * A write under way, per upload (tus's lock lets one at a time): whether the tail it began
   * with (`<id>.part`, now ahead of its new bytes) is still to be deleted, and the storing of
   * its last chunk, which the next one waits for.
   */
  private readonly writes = new Map<string, { tailToDelete: boolean; stored: Promise<unknown> }>();

  /**
   * @tus/s3-store deletes the tail as soon as it has read it, before the tail is stored again
   * with the new bytes: a body that broke off before then lost bytes the server had already
   * acknowledged (HEAD went back to the last whole part). It is deleted once the part that
   * holds it is stored, and a new tail replaces it.
   */
  protected override deleteIncompletePart(id: string): Promise<void> {
    const write = this.writes.get(id);
    if (write === undefined) return super.deleteIncompletePart(id);
    write.tailToDelete = true;
    return Promise.resolve();
  }

  protected override uploadPart(
    metadata: MetadataValue,
    body: Parameters<S3Store['uploadPart']>[1],
    partNumber: number,
  ): Promise<string> {
    const id = metadata.file.id;
    return this.inOrder(id, async (write) => {
      const etag = await super.uploadPart(metadata, body, partNumber);
      if (write?.tailToDelete === true) {
        write.tailToDelete = false;
        await super.deleteIncompletePart(id);
      }
      return etag;
    });
  }

  protected override uploadIncompletePart(
    id: string,
    body: Parameters<S3Store['uploadIncompletePart']>[1],
  ): Promise<string> {
    return this.inOrder(id, async (write) => {
      const etag = await super.uploadIncompletePart(id, body);
      if (write !== undefined) write.tailToDelete = false;
      return etag;
    });
  }

  /**
   * Stores a write's chunks one after the other, none after one that failed: @tus/s3-store
   * uploads them side by side, so a part could be stored after the one before it failed, and
   * the offset, the sum of the parts listed, would count bytes after a gap.
   */
  private inOrder<T>(
    id: string,
    store: (write: { tailToDelete: boolean } | undefined) => Promise<T>,
  ): Promise<T> {
    const write = this.writes.get(id);
    if (write === undefined) return store(undefined);
    const stored = write.stored.then(() => store(write));
    write.stored = stored;
    return stored;
  }

  override async write(stream: Readable, id: string, offset: number): Promise<number> {
    this.writes.set(id, { tailToDelete: false, stored: Promise.resolve() });
    try {
      return await this.writeWithHead(stream, id, offset);
    } finally {
      this.writes.delete(id);
    }
  }

  /**
   * Keeps the first bytes as `<id>.head` as well: until the upload completes its bytes are parts
   * of a multipart upload, which S3 does not let anyone read, and the first bytes must be read
   * to tell audio from anything else as soon as they are in (ADR 120).
   */
  private async writeWithHead(stream: Readable, id: string, offset: number): Promise<number> {
    if (offset >= AUDIO_SNIFF_BYTES) return super.write(stream, id, offset);
    const earlier = offset === 0 ? Buffer.alloc(0) : await this.readAll(`${id}.head`);
    const seen: Buffer[] = [earlier];
    let held = earlier.length;
    const tap = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        if (held < AUDIO_SNIFF_BYTES) {
          const take = chunk.subarray(0, AUDIO_SNIFF_BYTES - held);
          seen.push(take);
          held += take.length;
        }
        done(null, chunk);
      },
    });
    stream.on('error', (error) => tap.destroy(error));
    const putHead = (length: number) =>
      this.client.send(
        new PutObjectCommand({
          Bucket: this.bucket,
          Key: `${id}.head`,
          Body: Buffer.concat(seen).subarray(0, length),
        }),
      );
    let stored: number;
    try {
      stored = await super.write(stream.pipe(tap), id, offset);
    } catch (error) {
      // What broke off may have been stored whole parts: keep the head it began with (a body
      // of which nothing was kept is written again from this offset, and its head with it).
      if (earlier.length === offset) await putHead(held).catch(() => undefined);
      throw error;
    }
    // A head that does not line up with the offset is left as it was: it can only follow a
    // failed write above, whose head is already in.
    if (earlier.length === offset) await putHead(stored);
    return stored;
  }

  private async readAll(key: string): Promise<Buffer> {
    const body = await this.openKey(key);
    const chunks: Buffer[] = [];
    if (body !== null) for await (const chunk of body) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  /** The recording, or while it is still arriving its first bytes (all a reader needs then). */
  async openObject(id: string, range?: ByteRange): Promise<Readable> {
    const whole = await this.openKey(id, range);
    if (whole !== null) return whole;
    return (await this.openKey(`${id}.head`, range)) ?? Readable.from([]);
  }

  private async openKey(key: string, range?: ByteRange): Promise<Readable | null> {
    try {
      const { Body } = await this.client.send(
        new GetObjectCommand({
          Bucket: this.bucket,
          Key: key,
          ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
        }),
      );
      if (!(Body instanceof Readable)) throw new Error('the storage answered without a body');
      return Body;
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  /**
   * The object, tus's record of it, a part not yet sent as one and the first bytes; then the multipart upload of
   * an unfinished recording, whose parts would otherwise stay in the bucket (and on the bill).
   * @tus/s3-store's own remove() stops at the abort for a finished recording (S3 answers that
   * its upload is gone) and leaves the bytes.
   */
  async removeAll(id: string): Promise<void> {
    let uploadId: string | undefined;
    try {
      uploadId = (await this.getMetadata(id))['upload-id'];
    } catch (error) {
      if (!isNotFound(error)) throw error;
    }
    await this.client.send(
      new DeleteObjectsCommand({
        Bucket: this.bucket,
        Delete: {
          Objects: ['', '.info', '.part', '.head'].map((suffix) => ({ Key: `${id}${suffix}` })),
        },
      }),
    );
    if (uploadId === undefined) return;
    try {
      await this.client.send(
        new AbortMultipartUploadCommand({ Bucket: this.bucket, Key: id, UploadId: uploadId }),
      );
    } catch (error) {
      if (!isNotFound(error)) throw error;
    }
  }
}

/**
 * Recordings in an S3-compatible bucket (ADR 128), for installs whose database should not hold
 * audio: @tus/s3-store writes each upload as a multipart upload (parts of 8 MiB, the tail that
 * is not a part yet as `<id>.part`) with its record as `<id>.info` and its first bytes as
 * `<id>.head`; a finished recording is the
 * object `<id>`, read with ranged GETs.
 */
export function createS3RecordingStore(options: {
  settings: S3Config;
  expiryMs: number;
  /** RECORDING_MAX_BYTES: the parts are sized so that the largest fits in S3's 10,000. */
  maxBytes: number;
}): RecordingStore {
  const datastore = new RecordingsS3Store(options.settings, options.expiryMs, options.maxBytes);
  return {
    kind: 's3',
    datastore,
    open: (id, range) => datastore.openObject(id, range),
    async withLocalFile(id, use) {
      const dir = await mkdtemp(join(tmpdir(), 'voice-ideas-recording-'));
      try {
        const path = join(dir, 'audio');
        await pipeline(await datastore.openObject(id), createWriteStream(path));
        return await use(path);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
    remove: (id) => datastore.removeAll(id),
  };
}
