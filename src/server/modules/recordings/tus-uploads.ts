import { MemoryLocker, Server as TusServer } from '@tus/server';
import type { Locker } from '@tus/utils';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { IdeaIdParamsSchema } from '#contract/api-request-schemas.js';
import type { Owner } from '../../db/owner.js';
import { ErrorSchema } from '#contract/api-schemas.js';
import { HttpError, type ErrorBody } from '../../http/errors.js';
import { addressKeyOf } from '../../http/rate-limit-counters.js';
import type { RecordingRateLimits } from '../../http/recording-rate-limits.js';
import type { RecordingsService } from './service.js';
import type { RecordingStore } from './store.js';
import { RESERVE_STEP_BYTES, reservingBody } from './reserving-body.js';
import { lockingWholeWrites, WholeWritesStore } from './upload-locks.js';
import {
  offsetMismatch,
  TUS_ERRORS,
  tooLarge,
  forTus,
  hasBody,
  bytesDeclared,
  toWebRequest,
  uploadOwner,
  keepsAudio,
  metadataOf,
  byteCount,
} from './tus-requests.js';

/**
 * The tus 1.0 endpoint (docs/api.md, "Recordings"; ADR 120), on @tus/server. Fastify keeps the
 * transport (sessions, the origin check, security headers, the body progress guard) and hands
 * each request to tus as a web Request; tus's answer comes back here, where its plain-text
 * errors become the API's JSON ones and its CORS headers are dropped (the app is same-origin).
 * The owner check comes first, so another owner's upload is the same 404 as a missing one.
 */

const UPLOADS_PATH = '/api/uploads';
const TUS_RESUMABLE = '1.0.0';

export interface TusUploadsOptions {
  recordings: RecordingsService;
  store: RecordingStore;
  /** Keeps two requests from writing one upload at once; null: tus's own, in memory. */
  locker: Locker | null;
  maxBytes: number;
  /** Counts the recording an upload begins, and the bytes arriving, per client address. */
  limits: RecordingRateLimits;
}

/** The refusal of bytes past an upload's own length, which it names. */
function pastLengthOf(length: number): ErrorBody {
  return {
    error: 'payload_too_large',
    message: `These bytes go past the end of the upload: its length is ${length} bytes.`,
  };
}

/** The server's room ran out while a body arrived (507): those bytes were refused, not stored. */
function isOutOfRoom(refusal: unknown): boolean {
  return refusal instanceof HttpError && refusal.statusCode === 507;
}

export const tusUploads: FastifyPluginAsync<TusUploadsOptions> = async (scope, options) => {
  const { recordings, store, locker, maxBytes, limits } = options;
  /**
   * Who a request tus is handed is from; for a creation, the bytes it brings and, once tus has
   * named it, who to tell of the upload it created (as soon as it exists: bytes sent with the
   * creation are reserved against it as they arrive).
   */
  const owners = new WeakMap<
    object,
    { owner: Owner; clientKey: string; firstBytes: number; onCreated?: (id: string) => void }
  >();
  /** PATCHes of an upload under way on this instance: the last to end settles what it holds. */
  const writing = new Map<string, number>();
  const datastore = new WholeWritesStore(store.datastore);
  const tus = new TusServer({
    path: UPLOADS_PATH,
    datastore,
    locker: lockingWholeWrites(locker ?? new MemoryLocker(), datastore),
    relativeLocation: true,
    maxSize: maxBytes,
    namingFunction: () => recordings.newUploadId(),
    async onUploadCreate(req, upload) {
      const from = owners.get(req);
      if (from === undefined) throw new Error('an upload was created without an owner');
      try {
        await recordings.beginUpload(from.owner, {
          id: upload.id,
          clientKey: from.clientKey,
          sizeBytes: upload.size ?? null,
          metadata: metadataOf(upload.metadata),
          firstBytes: from.firstBytes,
        });
      } catch (error) {
        throw forTus(error);
      }
      from.onCreated?.(upload.id);
      return {};
    },
    async onUploadFinish(_req, upload) {
      try {
        await recordings.finishUpload(upload.id, upload.size ?? upload.offset);
      } catch (error) {
        throw forTus(error);
      }
      return { headers: { 'Recording-Id': upload.id } };
    },
  });

  /**
   * Sends tus's answer through Fastify, its errors in the API's shape. `pastLength` says what a
   * 413 means for an upload whose length is known: tus answers 413 both for a recording over the
   * server's limit and for bytes that go past the upload's own declared length.
   */
  async function answer(
    reply: FastifyReply,
    response: Response,
    pastLength?: ErrorBody,
  ): Promise<FastifyReply> {
    for (const [name, value] of response.headers) {
      if (name.startsWith('access-control-') || name === 'content-length') continue;
      void reply.header(name, value);
    }
    void reply.code(response.status);
    // Another request holds the upload (UploadLockedError): tus passes on no header of an error.
    if (response.status === 423) void reply.header('Retry-After', '3');
    const text = await response.text();
    if (response.status < 400) return reply.send(text === '' ? undefined : text);
    let body: ErrorBody | undefined;
    try {
      const parsed = JSON.parse(text) as Partial<ErrorBody>;
      if (typeof parsed.error === 'string' && typeof parsed.message === 'string') {
        body = { error: parsed.error, message: parsed.message };
      }
    } catch {
      // tus's own plain-text refusal: described below.
    }
    body ??=
      response.status === 413
        ? (pastLength ?? tooLarge(maxBytes))
        : (TUS_ERRORS[response.status] ?? {
            error: response.status >= 500 ? 'internal_error' : 'bad_request',
            message:
              response.status >= 500
                ? 'Something went wrong on the server.'
                : 'The upload request could not be processed.',
          });
    if (response.status === 400 && body.error === 'invalid_input' && !body.message.endsWith('.')) {
      body = { ...body, message: `${body.message}: ${text.trim() || 'invalid tus headers'}.` };
    }
    return reply.type('application/json; charset=utf-8').send(body);
  }

  async function viaTus(
    request: FastifyRequest,
    reply: FastifyReply,
    path: string,
    owner: Owner | null,
    options: {
      pastLength?: ErrorBody;
      firstBytes?: number;
      onCreated?: (id: string) => void;
      body?: ReadableStream<Uint8Array>;
    } = {},
  ): Promise<{ response: Response; sent: () => Promise<FastifyReply> }> {
    const webRequest = toWebRequest(request, path, options.body ?? null);
    const from =
      owner === null
        ? undefined
        : {
            owner,
            clientKey: addressKeyOf(request.ip),
            firstBytes: options.firstBytes ?? 0,
            onCreated: options.onCreated,
          };
    if (from !== undefined) owners.set(webRequest, from);
    const response = await tus.handleWeb(webRequest);
    return { response, sent: () => answer(reply, response, options.pastLength) };
  }

  /**
   * A request that wrote (or was let write) to an upload has ended, whatever its end: once the
   * store has finished its write, the upload holds the offset stored, so no reservation made
   * before its bytes outlives it (a body declared and broken off held its whole length until
   * the upload expired a day later). `offset`: the one tus answered with, when it did.
   */
  async function settleReceived(
    request: FastifyRequest,
    id: string,
    offset: number | null,
  ): Promise<void> {
    try {
      let stored = offset;
      if (stored === null) {
        await datastore.settled(id);
        stored = (await datastore.getUpload(id)).offset;
      }
      await recordings.noteReceived(id, stored);
    } catch (error) {
      // Gone (refused as not audio, deleted, expired): nothing is held any more.
      request.log.info({ err: error, uploadId: id }, 'no stored offset to settle an upload at');
    }
  }

  /**
   * The bytes of an upload the store holds and its length once known (a deferred upload's
   * comes with a PATCH, and only the store has it until the upload ends); null when the store
   * holds none (tus then answers).
   */
  async function held(id: string): Promise<{ offset: number; size: number | null } | null> {
    try {
      const upload = await datastore.getUpload(id);
      return { offset: upload.offset, size: upload.size ?? null };
    } catch {
      return null;
    }
  }

  /** The offset tus answered a write with, when it stored one. */
  function storedOffset(response: Response, okStatus: number): number | null {
    const offset = response.headers.get('upload-offset');
    return response.status === okStatus && offset !== null ? Number(offset) : null;
  }

  const empty = (description: string) => z.undefined().describe(description);
  /** `locked`: the route goes through tus's lock, so it may meet another request's (423). */
  const idParams = (status: number, description: string, locked = false) => ({
    schema: {
      params: IdeaIdParamsSchema,
      response: {
        [status]: empty(description),
        404: ErrorSchema,
        ...(locked ? { 423: ErrorSchema } : {}),
      },
    },
  });
  // tus reads the bytes itself: the body is left unread here, whatever its type says.
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser('*', (_request, _payload, done) => {
    done(null, undefined);
  });

  scope.options(
    UPLOADS_PATH,
    { schema: { response: { 204: empty('Tus-Version, Tus-Extension and Tus-Max-Size') } } },
    async (request, reply) => {
      const { sent } = await viaTus(request, reply, UPLOADS_PATH, null);
      return sent();
    },
  );

  scope.post(
    UPLOADS_PATH,
    {
      schema: {
        response: {
          201: empty('Created: Location names the upload'),
          400: ErrorSchema,
          409: ErrorSchema,
          411: ErrorSchema,
          429: ErrorSchema,
        },
      },
      preHandler: limits.sendsForTranscription,
    },
    async (request, reply) => {
      const owner = uploadOwner(request);
      const announced = byteCount(request.headers['upload-length']);
      const bodyBytes = bytesDeclared(request);
      if (announced !== null && announced > maxBytes) {
        throw new HttpError(413, 'payload_too_large', tooLarge(maxBytes).message);
      }
      // Refused before anything is made: an upload never takes more than the length it names.
      if (announced !== null && bodyBytes !== null && bodyBytes > announced) {
        throw new HttpError(413, 'payload_too_large', pastLengthOf(announced).message);
      }
      await recordings.assertRoomForUpload(
        owner,
        announced ?? bodyBytes,
        request.user?.plan,
        addressKeyOf(request.ip),
        keepsAudio(request.headers['upload-metadata']),
      );
      // A deferred upload's bytes are counted as they arrive; these are the first, if any. Room
      // is held for them a step ahead as they arrive (reserving-body.ts).
      await limits.reserveBytes(request, announced ?? bodyBytes ?? 0);
      const ahead = Math.min(bodyBytes ?? 0, RESERVE_STEP_BYTES);
      // Bytes sent with the creation (creation-with-upload) take a PATCH's path: held against
      // the room with the upload's row (beginUpload), what was stored noted once the request
      // ends, and the first bytes sniffed as audio.
      let created: string | null = null;
      let ended = false;
      const end = async (offset: number | null): Promise<void> => {
        if (ended || created === null || bodyBytes === null) return;
        ended = true;
        await settleReceived(request, created, offset);
      };
      const body =
        bodyBytes === null
          ? undefined
          : reservingBody(request.raw, bodyBytes, ahead, async (upTo) => {
              // tus writes a creation's bytes only once the upload exists.
              if (created === null) throw new Error('bytes arrived before their upload existed');
              await recordings.reserveBytes(owner, created, upTo);
            });
      try {
        const { response, sent } = await viaTus(request, reply, UPLOADS_PATH, owner, {
          pastLength: announced === null ? undefined : pastLengthOf(announced),
          firstBytes: ahead,
          onCreated: (id) => {
            created = id;
          },
          body: body?.stream,
        });
        const stored = storedOffset(response, 201);
        await end(stored);
        if (created !== null && stored !== null) await recordings.checkFirstBytes(created, stored);
        const refusal = body?.refusal();
        // A deferred upload's hour paid for the whole body; what the server refused for want of
        // room was never stored, and resuming it pays again.
        if (announced === null && bodyBytes !== null && isOutOfRoom(refusal)) {
          await limits.returnBytes(request, bodyBytes - (stored ?? 0));
        }
        const location = response.headers.get('location');
        // The upload exists with what fitted: its Location lets the client resume it later.
        if (refusal instanceof HttpError && location !== null) {
          throw new HttpError(refusal.statusCode, refusal.code, refusal.message, {
            ...refusal.headers,
            Location: location,
            'Tus-Resumable': TUS_RESUMABLE,
          });
        }
        if (refusal !== undefined) throw refusal;
        return await sent();
      } finally {
        await end(null);
      }
    },
  );

  scope.head(
    `${UPLOADS_PATH}/:id`,
    idParams(200, 'Upload-Offset, and Upload-Length once known', true),
    async (request, reply) => {
      const { id } = request.params as z.infer<typeof IdeaIdParamsSchema>;
      const owner = uploadOwner(request);
      const { finished } = await recordings.ensureUploadOf(owner, id);
      const { response, sent } = await viaTus(request, reply, `${UPLOADS_PATH}/${id}`, owner);
      const length = response.headers.get('upload-length');
      if (
        response.status === 200 &&
        length !== null &&
        length === response.headers.get('upload-offset')
      ) {
        // All bytes are in: a server killed between storing the last byte and queueing the
        // recording finishes that here, when the client asks where it stands.
        if (!finished) await recordings.finishUpload(id, Number(length));
        void reply.header('Recording-Id', id);
      }
      return sent();
    },
  );

  scope.patch(
    `${UPLOADS_PATH}/:id`,
    idParams(204, 'Upload-Offset; Recording-Id once complete', true),
    async (request, reply) => {
      const { id } = request.params as z.infer<typeof IdeaIdParamsSchema>;
      await limits.writesToUpload(request);
      const owner = uploadOwner(request);
      const { finished, sizeBytes } = await recordings.ensureUploadOf(owner, id);
      if (finished && hasBody(request)) {
        // Every byte is in and the recording exists: nothing can be written to it any more, and
        // the Recording-Id tells a client whose last reply was lost where its recording is.
        throw new HttpError(
          409,
          'upload_complete',
          'This upload is complete: all its bytes are in, and nothing more can be written to it.',
          { 'Recording-Id': id },
        );
      }
      // A deferred upload reserved nothing at its creation: its bytes are counted as they come,
      // against the hour's bytes and, held until the upload ends, against the room's caps.
      // An announced one may send at most up to its length.
      const from = byteCount(request.headers['upload-offset']);
      if (from === null) {
        throw new HttpError(
          400,
          'invalid_input',
          'Send Upload-Offset: the bytes of this upload the server holds (ask with HEAD).',
        );
      }
      // The room is reserved from the offset this server holds, never from the one a request
      // claims: a PATCH naming a false offset reserved it plus its body before tus refused it,
      // and, waiting behind another request's write, held that room unpaid while it lasted.
      const stored = await held(id);
      if (stored !== null && stored.offset !== from) {
        throw offsetMismatch();
      }
      const known = sizeBytes ?? stored?.size ?? null;
      const named = byteCount(request.headers['upload-length']);
      if (known !== null && request.headers['upload-length'] !== undefined && named !== known) {
        throw new HttpError(
          400,
          'invalid_input',
          `This upload's length is already ${known} bytes: send no other Upload-Length.`,
        );
      }
      // The same length said again is no change: tus itself refuses any repeat of it.
      if (known !== null && named === known) delete request.headers['upload-length'];
      // A deferred upload names its length in a PATCH; the upload then ends there.
      const length = known ?? named;
      if (sizeBytes === null && length !== null && length < from) {
        throw new HttpError(
          400,
          'invalid_input',
          `Upload-Length (${length} bytes) is less than Upload-Offset (${from}): an upload cannot end before the bytes already sent.`,
        );
      }
      const declared =
        sizeBytes === null
          ? bytesDeclared(request)
          : (byteCount(request.headers['content-length']) ?? Math.max(0, sizeBytes - from));
      // Refused before tus sees it: tus keeps a length a PATCH names even when it then refuses
      // the body for going past it, and the upload would be stuck at that length.
      if (length !== null && length <= maxBytes && declared !== null && from + declared > length) {
        throw new HttpError(413, 'payload_too_large', pastLengthOf(length).message);
      }
      // The whole body must fit as it begins, but room is held only a step ahead of its bytes as
      // they arrive (reserving-body.ts): a body declared large and trickled held all of it for
      // ten minutes.
      const ahead = declared === null ? 0 : Math.min(declared, RESERVE_STEP_BYTES);
      if (declared !== null) {
        await recordings.reserveBytes(owner, id, from + ahead, from + declared);
      }
      // From here the upload may hold more than it stored: whatever way this request ends (a
      // success, a refusal, a body broken off or cut for being too slow), the last PATCH of it
      // under way here sets it back to the stored offset. One refused 423 wrote nothing and
      // leaves that to the request writing.
      writing.set(id, (writing.get(id) ?? 0) + 1);
      let locked = false;
      let ended = false;
      const end = async (offset: number | null): Promise<void> => {
        if (ended) return;
        ended = true;
        const left = (writing.get(id) ?? 1) - 1;
        if (left > 0) writing.set(id, left);
        else writing.delete(id);
        if (left === 0 && !locked) await settleReceived(request, id, offset);
      };
      const counted = declared !== null && sizeBytes === null;
      try {
        if (counted) await limits.reserveBytes(request, declared);
        // Past RECORDING_MAX_BYTES the server's own limit is the one to name.
        const pastLength: ErrorBody | undefined =
          length === null || length > maxBytes ? undefined : pastLengthOf(length);
        const body =
          declared === null
            ? undefined
            : reservingBody(request.raw, declared, ahead, async (upTo) => {
                await recordings.reserveBytes(owner, id, from + upTo);
              });
        const { response, sent } = await viaTus(request, reply, `${UPLOADS_PATH}/${id}`, owner, {
          pastLength,
          body: body?.stream,
        });
        locked = response.status === 423;
        const stored = storedOffset(response, 204);
        // Settled before the answer goes, so a client that reads it finds the room as it is.
        await end(stored);
        if (stored !== null) await recordings.checkFirstBytes(id, stored);
        // The room ran out while the body arrived: what fitted is stored (HEAD says how much),
        // and the client hears why the rest was not taken.
        const refusal = body?.refusal();
        if (refusal !== undefined) {
          // The hour paid for the whole body; what the server refused was never stored.
          if (counted && isOutOfRoom(refusal)) {
            await limits.returnBytes(request, declared - ((stored ?? from) - from));
          }
          throw refusal;
        }
        return await sent();
      } finally {
        await end(null);
      }
    },
  );

  scope.delete(
    `${UPLOADS_PATH}/:id`,
    idParams(204, 'The upload and its bytes are gone'),
    async (request, reply) => {
      const { id } = request.params as z.infer<typeof IdeaIdParamsSchema>;
      await recordings.delete(uploadOwner(request), id);
      return reply.code(204).header('Tus-Resumable', TUS_RESUMABLE).send();
    },
  );
};
