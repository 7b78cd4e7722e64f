import type { Readable } from 'node:stream';
import type { Recording } from '#contract/api-schemas.js';
import { InvalidCursorError } from '../../db/cursor.js';
import { newId } from '../../db/ids.js';
import type { Owner } from '../../db/owner.js';
import { HttpError } from '../../http/errors.js';
import { AUDIO_SNIFF_BYTES, recogniseAudio } from '../ai/service.js';
import type { RecordingJobsRepository } from './jobs-repository.js';
import type { KeptAudioCaps } from './held-bytes.js';
import type { RecordingPage, RecordingsRepository } from './repository.js';
import { parseRange } from './byte-ranges.js';
import { readUploadMetadata, type UploadMetadata } from './upload-metadata.js';
import { readHead, type ByteRange, type RecordingStore } from './store.js';
import { isProPlan, type Plan } from '#contract/plans.js';
import {
  addressFull,
  addressKeptAudioFull,
  keptAudioFull,
  addressShareOf,
  OPEN_UPLOADS_PER_OWNER,
  recordingsFull,
  serverFull,
  tooManyUploads,
  UNSAVED_BYTES,
} from './room.js';

export { ADDRESSES_TO_FILL_ROOM, OPEN_UPLOADS_PER_OWNER, UNSAVED_BYTES } from './room.js';
export { startUploadExpiry } from './upload-expiry.js';
export type { UploadMetadata } from './upload-metadata.js';

const ACCEPTED_AUDIO = 'webm, ogg, mp4/m4a, wav or mp3';
export interface AudioFile {
  stream: Readable;
  sizeBytes: number;
  contentType: string;
  range: ByteRange | null;
}

export interface RecordingsService {
  /** A fresh id for an upload about to be created. */
  newUploadId(): string;
  /**
   * 429 when the owner has OPEN_UPLOADS_PER_OWNER uploads arriving, 409 when the new one would
   * take their recordings not saved as ideas past UNSAVED_BYTES, 507 when the server's would
   * pass its cap, and 507 when a free account (`plan`), or the free accounts of the address
   * (`clientKey`), keep their cap of audio with their ideas already, or this upload would take
   * them past it. An early answer only: beginUpload decides the room, atomically.
   */
  assertRoomForUpload(
    owner: Owner,
    sizeBytes: number | null,
    plan: Plan | null | undefined,
    clientKey: string,
    keepsAudio?: boolean,
  ): Promise<void>;
  /**
   * Before bytes of an upload are stored: lets it hold `upTo` bytes where its announced length
   * does not hold them already (a deferred length, or the hour its announcement holds is over).
   * 409 when `mustFit` bytes (by default `upTo`; a PATCH as it begins: its offset and all it
   * declares) would take what its owner or its address (the one that began it) holds of
   * recordings not saved as ideas past their share, 507 past the server's cap; checked and
   * reserved at once.
   */
  reserveBytes(owner: Owner, id: string, upTo: number, mustFit?: number): Promise<void>;
  /**
   * Once a POST or PATCH that wrote to the upload has ended (a success, a refusal, a broken-off
   * body): what the upload holds is what was stored, so a reservation never outlives its request.
   */
  noteReceived(id: string, offset: number): Promise<void>;
  /**
   * Records a new upload as the owner's when there is room for it (the same answers as
   * assertRoomForUpload, checked and recorded at once); 400 for metadata that names no format
   * or category.
   */
  beginUpload(
    owner: Owner,
    upload: {
      id: string;
      sizeBytes: number | null;
      metadata: UploadMetadata;
      clientKey: string;
      /** The bytes the creation request brings (creation-with-upload), held with it. */
      firstBytes?: number;
    },
  ): Promise<void>;
  /** 404 unless it is the owner's upload (or recording). */
  ensureUploadOf(
    owner: Owner,
    id: string,
  ): Promise<{ finished: boolean; sizeBytes: number | null }>;
  /**
   * Called after bytes were stored: once the first bytes are in, they must be audio, else the
   * upload is removed and this is 415. Returns whether it was checked.
   */
  checkFirstBytes(id: string, receivedBytes: number): Promise<void>;
  /** The upload is complete: the recording exists and its transcription is queued (repeats are no-ops). */
  finishUpload(id: string, sizeBytes: number): Promise<void>;
  get(owner: Owner, id: string): Promise<Recording>;
  list(owner: Owner, limit: number, cursor: string | undefined): Promise<RecordingPage>;
  /** 404 when missing or another owner's. */
  delete(owner: Owner, id: string): Promise<void>;
  /** Whether `id` names a recording of this owner that an idea may point at. */
  isOwnRecording(owner: Owner, id: string): Promise<boolean>;
  /** The recording of a deleted idea; nothing when it is already gone. */
  deleteQuietly(owner: Owner, id: string): Promise<void>;
  deleteAllOf(owner: Owner): Promise<number>;
  /**
   * For deleting an account, whose rows go with it (ON DELETE CASCADE): the bytes to remove
   * afterwards, by calling the returned function once the account is gone.
   */
  prepareAccountDeletion(userId: string): Promise<() => Promise<void>>;
  /** The bytes of recordings whose rows another module's transaction has removed. */
  removeStoredBytes(ids: readonly string[]): Promise<void>;
  audio(owner: Owner, id: string, range: string | undefined): Promise<AudioFile>;
  /**
   * Removes unfinished uploads whose time ran out, and finished recordings no idea was made
   * from once they are older than the unsaved expiry, bytes and rows; how many.
   */
  deleteExpiredUploads(): Promise<number>;
  /** Transcribes it again through the queue (POST …/transcribe); 404, 409 without its audio. */
  transcribeAgain(owner: Owner, id: string): Promise<Recording>;
}

export function recordingNotFound(): HttpError {
  return new HttpError(404, 'not_found', 'This recording does not exist.');
}

export function createRecordingsService(deps: {
  repository: RecordingsRepository;
  store: RecordingStore;
  uploadExpiryMs: number;
  /** The most the server keeps of recordings no idea was made from (ADR 106). */
  unsavedMaxBytes: number;
  /** How long a finished recording no idea was made from is kept (ADR 106). */
  unsavedExpiryMs: number;
  /** The most audio a free account, and the free accounts of one address, keep with ideas. */
  keptAudioFree?: KeptAudioCaps;
  jobs: Pick<RecordingJobsRepository, 'requeue'>;
  /** Told when a job was queued here, so a worker takes it at once. */
  onQueued?: () => void;
  now: () => Date;
  log: { warn(fields: object, message: string): void };
}): RecordingsService {
  const { repository, store, uploadExpiryMs, now, log, jobs } = deps;
  const room = {
    openUploadsPerOwner: OPEN_UPLOADS_PER_OWNER,
    unsavedBytesPerAddress: addressShareOf(deps.unsavedMaxBytes),
    unsavedBytesOnServer: deps.unsavedMaxBytes,
  };
  const onQueued = deps.onQueued ?? (() => undefined);

  async function removeBytes(ids: readonly string[]): Promise<void> {
    for (const id of ids) {
      try {
        await store.remove(id);
      } catch (error) {
        // The row is gone, so nothing can reach these bytes; the log says what is left behind.
        log.warn({ err: error, recordingId: id }, 'could not remove the bytes of a recording');
      }
    }
  }

  async function sniffStored(id: string): Promise<string | null> {
    return recogniseAudio(await readHead(store, id, AUDIO_SNIFF_BYTES));
  }

  async function refuseNotAudio(id: string): Promise<never> {
    const ids = await repository.deleteByIds([id]);
    await removeBytes(ids.length > 0 ? ids : [id]);
    throw new HttpError(
      415,
      'unsupported_media_type',
      `The upload is not audio; send ${ACCEPTED_AUDIO}.`,
    );
  }

  return {
    newUploadId: () => newId(now().getTime()),

    async assertRoomForUpload(owner, sizeBytes, plan, clientKey, keepsAudio = true) {
      const caps = deps.keptAudioFree;
      if (owner.kind === 'user' && caps !== undefined && keepsAudio && !isProPlan(plan)) {
        // A deferred length (the web app's) is refused once a cap is reached.
        const passes = (kept: number, cap: number) =>
          sizeBytes === null ? kept >= cap : kept + sizeBytes > cap;
        const kept = await repository.keptAudioBytesOf(owner.userId);
        if (passes(kept, caps.perAccount)) throw keptAudioFull(kept, caps.perAccount);
        const fromAddress = await repository.keptAudioFromAddress(clientKey);
        if (passes(fromAddress, caps.perAddress)) {
          throw addressKeptAudioFull(fromAddress, caps.perAddress);
        }
      }
      const held = await repository.holdingsOf(owner);
      if (held.openUploads >= OPEN_UPLOADS_PER_OWNER) throw tooManyUploads();
      const budget = UNSAVED_BYTES[owner.kind];
      if (held.unsavedBytes + (sizeBytes ?? 0) > budget) {
        throw recordingsFull(held.unsavedBytes, budget);
      }
      // Summed only near the cap: the sum reads every recording on the server (server-room.ts).
      const adding = sizeBytes ?? 0;
      if (
        !(await repository.serverRoomSurelyFits(adding, deps.unsavedMaxBytes)) &&
        (await repository.unsavedBytesOnServer()) + adding > deps.unsavedMaxBytes
      ) {
        throw serverFull();
      }
    },

    async reserveBytes(owner, id, upTo, mustFit) {
      const budget = UNSAVED_BYTES[owner.kind];
      const reserved = await repository.reserveReceived(
        id,
        upTo,
        { ...room, unsavedBytesPerOwner: budget },
        mustFit,
      );
      if (reserved.kind === 'owner_full') throw recordingsFull(reserved.unsavedBytes, budget);
      if (reserved.kind === 'address_full') {
        throw addressFull(reserved.unsavedBytes, room.unsavedBytesPerAddress);
      }
      if (reserved.kind === 'server_full') throw serverFull();
    },

    noteReceived: (id, offset) => repository.noteReceived(id, offset),

    async beginUpload(owner, { id, sizeBytes, metadata, clientKey, firstBytes = 0 }) {
      const { format, category, filename, keepAudio, language } = readUploadMetadata(metadata);
      const budget = UNSAVED_BYTES[owner.kind];
      const reserved = await repository.reserveUpload(
        {
          id,
          owner,
          filename,
          format,
          category,
          keepAudio,
          language,
          sizeBytes,
          firstBytes,
          expiresAt: new Date(now().getTime() + uploadExpiryMs),
          clientKey,
        },
        { ...room, unsavedBytesPerOwner: budget },
      );
      if (reserved.kind === 'too_many_uploads') throw tooManyUploads();
      if (reserved.kind === 'owner_full') throw recordingsFull(reserved.unsavedBytes, budget);
      if (reserved.kind === 'address_full') {
        throw addressFull(reserved.unsavedBytes, room.unsavedBytesPerAddress);
      }
      if (reserved.kind === 'server_full') throw serverFull();
    },

    async ensureUploadOf(owner, id) {
      const found = await repository.find(owner, id);
      if (found === null) throw recordingNotFound();
      return { finished: !found.uploading, sizeBytes: found.sizeBytes };
    },

    async checkFirstBytes(id, receivedBytes) {
      if (receivedBytes < AUDIO_SNIFF_BYTES) return;
      const found = await repository.findAny(id);
      if (found === null || found.contentType !== null) return;
      const contentType = await sniffStored(id);
      if (contentType === null) await refuseNotAudio(id);
      else await repository.setContentType(id, contentType);
    },

    async finishUpload(id, sizeBytes) {
      const found = await repository.findAny(id);
      if (found === null || !found.uploading) return;
      if (sizeBytes === 0) {
        await repository.deleteByIds([id]);
        await removeBytes([id]);
        throw new HttpError(422, 'no_speech', 'The recording is empty.');
      }
      if (found.contentType === null) {
        const contentType = await sniffStored(id);
        if (contentType === null) await refuseNotAudio(id);
        else await repository.setContentType(id, contentType);
      }
      if (await repository.finishUpload(id, sizeBytes)) onQueued();
    },

    async transcribeAgain(owner, id) {
      const found = await repository.find(owner, id);
      if (found === null || found.uploading) throw recordingNotFound();
      const { status } = found.recording;
      if (status === 'queued' || status === 'transcribing') return found.recording;
      if (!found.keepAudio && status === 'done') {
        throw new HttpError(
          409,
          'audio_not_kept',
          'The audio of this recording was not kept, so it cannot be transcribed again.',
        );
      }
      if (await jobs.requeue(owner, id)) onQueued();
      return this.get(owner, id);
    },

    async get(owner, id) {
      const found = await repository.find(owner, id);
      if (found === null || found.uploading) throw recordingNotFound();
      return found.recording;
    },

    async list(owner, limit, cursor) {
      try {
        return await repository.list(owner, limit, cursor);
      } catch (error) {
        if (error instanceof InvalidCursorError) {
          throw new HttpError(
            400,
            'invalid_input',
            'Invalid input: query.cursor is not a cursor this server handed out.',
          );
        }
        throw error;
      }
    },

    async delete(owner, id) {
      if (!(await repository.delete(owner, id))) throw recordingNotFound();
      await removeBytes([id]);
    },

    async isOwnRecording(owner, id) {
      const found = await repository.find(owner, id);
      return found !== null && !found.uploading;
    },

    async deleteQuietly(owner, id) {
      if (await repository.delete(owner, id)) await removeBytes([id]);
    },

    async deleteAllOf(owner) {
      const ids = await repository.deleteAllOf(owner);
      await removeBytes(ids);
      return ids.length;
    },

    removeStoredBytes: (ids) => removeBytes(ids),

    async prepareAccountDeletion(userId) {
      const ids = await repository.idsOf({ kind: 'user', userId });
      return () => removeBytes(ids);
    },

    async audio(owner, id, rangeHeader) {
      const found = await repository.find(owner, id);
      if (found === null || found.uploading || found.sizeBytes === null) {
        throw recordingNotFound();
      }
      if (!found.keepAudio && found.recording.status === 'done') {
        throw new HttpError(404, 'not_found', 'The audio of this recording was not kept.');
      }
      const size = found.sizeBytes;
      const range = parseRange(rangeHeader, size);
      return {
        stream: await store.open(id, range ?? undefined),
        sizeBytes: size,
        contentType: found.contentType ?? 'application/octet-stream',
        range,
      };
    },

    async deleteExpiredUploads() {
      const ids = [
        ...(await repository.deleteExpiredUploads()),
        ...(await repository.deleteUnsavedBefore(new Date(now().getTime() - deps.unsavedExpiryMs))),
      ];
      await removeBytes(ids);
      return ids.length;
    },
  };
}
