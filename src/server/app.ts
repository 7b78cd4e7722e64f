import Fastify, { LogController } from 'fastify';
import type { FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { JSON_BODY_MAX_BYTES } from '#contract/limits.js';
import type { Config } from './config.js';
import type { Database } from './db/database.js';
import { readAppVersion } from './http/app-version.js';
import { registerCompression } from './http/compression.js';
import { installErrorHandler } from './http/errors.js';
import { installHostCheck } from './http/host-allow-list.js';
import { logRedaction } from './http/log-redaction.js';
import { registerOpenApi } from './http/openapi.js';
import { registerRateLimits } from './http/rate-limit-counters.js';
import { createAiRateLimits, createAuthRateLimits } from './http/rate-limits.js';
import { createRecordingRateLimits } from './http/recording-rate-limits.js';
import { createAudioBudget } from './http/audio-budget.js';
import { countWritesAsSaves, createSaveRateLimits } from './http/save-rate-limits.js';
import { createDatabaseCounters } from './db/limit-counters.js';
import { checkoutBrowser, signInBrowser } from './http/checkout-browser.js';
import { installOriginCheck, registerSecurityHeaders, securityHeaders } from './http/security.js';
import { installConnectionsPerAddress } from './http/connections-per-address.js';
import { installSessions } from './http/sessions.js';
import {
  DEFAULT_TRANSPORT_LIMITS,
  installBodyProgressGuard,
  installProtocolEdges,
  installWriteProgressGuard,
  transportServerOptions,
  type TransportLimits,
} from './http/transport.js';
import { registerWebApp } from './http/web-app.js';
import { createIdempotentCreates, sharedIdempotencyStore } from './modules/ideas/idempotency.js';
import { createIdeasRepository } from './modules/ideas/repository.js';
import { ideasRoutes } from './modules/ideas/routes.js';
import { createIdeasService } from './modules/ideas/service.js';
import { createShareLinksRepository } from './modules/sharing/repository.js';
import { createDictionaryRepository } from './modules/dictionary/repository.js';
import { dictionaryRoutes } from './modules/dictionary/routes.js';
import { createDictionaryService } from './modules/dictionary/service.js';
import { sharingRoutes } from './modules/sharing/routes.js';
import { createSharingService } from './modules/sharing/service.js';
import { createBillingRepository } from './modules/billing/repository.js';
import { billingRoutes } from './modules/billing/routes.js';
import { createBillingService } from './modules/billing/service.js';
import { createStripeClient } from './modules/billing/stripe-client.js';
import { createAfterReply, type AfterReply } from './modules/identity/after-reply.js';
import { createAuthTokensRepository } from './modules/identity/auth-tokens-repository.js';
import { createPasswordHasher, type PasswordHasher } from './modules/identity/passwords.js';
import { identityRoutes } from './modules/identity/routes.js';
import { beforeProofRoutes } from './modules/identity/before-proof-routes.js';
import { createBeforeProofRepository } from './modules/identity/before-proof-repository.js';
import { createIdentityService } from './modules/identity/service.js';
import { createSessionsRepository } from './modules/identity/sessions-repository.js';
import { createUsersRepository } from './modules/identity/users-repository.js';
import { createMailService } from './modules/mail/service.js';
import { createLogTransport, createSmtpTransport } from './modules/mail/transport.js';
import { systemRoutes } from './modules/system/routes.js';
import { createSystemService } from './modules/system/service.js';
import { createUsageRepository } from './modules/usage/repository.js';
import { usageRoutes } from './modules/usage/routes.js';
import { createUsageService } from './modules/usage/service.js';
import { resolveAiServices, type AiServices } from './modules/ai/ai-services.js';
import { aiRoutes } from './modules/ai/routes.js';
import { createAiService } from './modules/ai/service.js';
import { createRecordingsRepository } from './modules/recordings/repository.js';
import { recordingsRoutes } from './modules/recordings/routes.js';
import { createRecordingsService, startUploadExpiry } from './modules/recordings/service.js';
import { createRecordingStore, createUploadLocker } from './modules/recordings/stores.js';
import { createRecordingJobsRepository } from './modules/recordings/jobs-repository.js';
import {
  startTranscriptionQueue,
  type QueueTuning,
  type TranscriptionQueue,
} from './modules/recordings/transcription-queue.js';

export interface AppDeps {
  database: Database;
  /** AI services to use instead of those built from the config (tests inject doubles). */
  ai?: Partial<AiServices>;
  /** Tests pass a hasher with cheap argon2id parameters; production uses the default cost. */
  passwordHasher?: PasswordHasher;
  /** The clock for sessions and usage periods; tests move it. */
  now?: () => Date;
  /** How fast a request body must keep arriving; tests shorten the window. */
  transportLimits?: TransportLimits;
  /** Open sockets one address may hold; tests lower it. */
  connectionsPerAddress?: number;
  /** The transcription queue's timings, or false for none (tests of uploads alone). */
  recordingQueue?: Partial<QueueTuning> | false;
  /** Where work after a reply runs (link mails); tests pass one they can wait for. */
  afterReply?: AfterReply;
  /** Where log lines go instead of stdout (tests read what was logged, and at which level). */
  logDestination?: { write(line: string): void };
}

type ZodResponseSchema = Parameters<typeof serializerCompiler>[0]['schema'];

function createRepositories(database: Database, now: () => Date) {
  return {
    users: createUsersRepository(database, { now }),
    sessions: createSessionsRepository(database, { now }),
    ideas: createIdeasRepository(database, { now }),
    usage: createUsageRepository(database),
    authTokens: createAuthTokensRepository(database, { now }),
    billing: createBillingRepository(database, { now }),
    recordings: createRecordingsRepository(database, { now }),
    shareLinks: createShareLinksRepository(database, { now }),
    dictionary: createDictionaryRepository(database, { now }),
    beforeProof: createBeforeProofRepository(database, { now }),
  };
}

/** proxy-addr's trust function: hop 0 is the socket's peer, the proxy TRUST_PROXY vouches for. */
function trustNearestProxyOnly(_address: string, hop: number): boolean {
  return hop === 0;
}

/** Plugins -> modules -> one error handler. Never listens: main.ts does, tests inject. */
export async function buildApp(config: Config, deps: AppDeps): Promise<FastifyInstance> {
  const headers = securityHeaders(config);
  const app = Fastify({
    ...transportServerOptions(
      headers,
      Math.max(config.transcription.timeoutMs, config.llm.timeoutMs),
    ),
    logger: {
      level: config.logLevel,
      ...(deps.logDestination ? { stream: deps.logDestination } : {}),
      ...logRedaction,
    },
    // The per-request lines are logged at info; below that level nothing would be written, so
    // their fields are not gathered either (3 µs a request on the listing benchmark).
    logController: new LogController({ disableRequestLogging: !logsInfo(config.logLevel) }),
    bodyLimit: JSON_BODY_MAX_BYTES,
    // One hop: the address the nearest proxy saw is the right-most X-Forwarded-For entry. Trusting
    // every hop (`true`) would take the left-most, which a client writes itself whenever its proxy
    // appends (nginx's $proxy_add_x_forwarded_for, most load balancers), and so picks its own
    // rate-limit bucket. A function, because Fastify refuses a hop count (it fails closed).
    trustProxy: config.trustProxy ? trustNearestProxyOnly : false,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler<ZodResponseSchema>(serializerCompiler);
  installErrorHandler(app);
  installLenientJsonParser(app);

  registerSecurityHeaders(app, headers);
  installHostCheck(app, config);
  installBodyProgressGuard(app, deps.transportLimits ?? DEFAULT_TRANSPORT_LIMITS, headers);
  installProtocolEdges(app, headers);
  installConnectionsPerAddress(app, {
    trustProxy: config.trustProxy,
    ...(deps.connectionsPerAddress === undefined
      ? {}
      : { max: deps.connectionsPerAddress, countForwarders: true }),
  });
  installWriteProgressGuard(app, deps.transportLimits ?? DEFAULT_TRANSPORT_LIMITS);
  installOriginCheck(app, config);
  await app.register(cookie);
  // Without Redis, instances on one PostgreSQL database count in it (ADR 070).
  const sharedLimits = await registerRateLimits(
    app,
    config,
    deps.database.dialect === 'postgres' ? createDatabaseCounters(deps.database) : undefined,
  );
  await registerCompression(app);

  await registerOpenApi(app, readAppVersion());

  const now = deps.now ?? (() => new Date());
  const repositories = createRepositories(deps.database, now);
  const sessions = installSessions(app, config, repositories.sessions, now);
  const authLimits = createAuthRateLimits(app, config, sharedLimits);
  const ai = await resolveAiServices(config, deps.ai, app.log);

  // Services hold the rules; they reach another module only through its service.
  const usage = createUsageService({
    usage: repositories.usage,
    freeMonthlyLimit: config.freeMonthlyLimit,
    now,
  });
  const recordingStore = await createRecordingStore(config, deps.database);
  const uploadLocker = createUploadLocker(deps.database);
  if (uploadLocker !== null) app.addHook('onClose', () => uploadLocker.close());
  const recordingJobs = createRecordingJobsRepository(deps.database, { now });
  let queue: TranscriptionQueue | null = null;
  const recordings = createRecordingsService({
    repository: repositories.recordings,
    store: recordingStore,
    jobs: recordingJobs,
    onQueued: () => queue?.wake(),
    uploadExpiryMs: config.recordings.uploadExpiryMs,
    unsavedMaxBytes: config.recordings.unsavedMaxBytes,
    unsavedExpiryMs: config.recordings.unsavedExpiryMs,
    keptAudioFree: config.recordings.keptAudioFree,
    now,
    log: app.log,
  });
  const uploadExpiry = startUploadExpiry(recordings, app.log, config.recordings.uploadExpiryMs);
  app.addHook('onClose', () => uploadExpiry.stop());
  const ideas = createIdeasService({
    ideas: repositories.ideas,
    usage,
    now,
    recordings,
    keptAudioFree: config.recordings.keptAudioFree,
  });
  const dictionary = createDictionaryService({ repository: repositories.dictionary });
  const mail = createMailService({
    transport: config.mail.smtpUrl
      ? createSmtpTransport({
          url: config.mail.smtpUrl,
          from: config.mail.from,
          timeoutMs: config.mail.timeoutMs,
        })
      : createLogTransport(app.log),
    log: app.log,
  });
  const afterReply = deps.afterReply ?? createAfterReply(app.log);
  // Mails already being sent get the time one send may take; none is started after close.
  app.addHook('onClose', () => afterReply.close(config.mail.timeoutMs * 2));
  // Identity and billing need each other (a claim fulfils a checkout; a checkout issues a
  // claim): identity reaches billing through a function called only once both exist.
  const identity = createIdentityService({
    users: repositories.users,
    sessions: repositories.sessions,
    tokens: repositories.authTokens,
    passwords: deps.passwordHasher ?? createPasswordHasher(),
    ideas,
    recordings,
    dictionary,
    mail,
    publicUrl: config.publicUrl,
    billing: { fulfilCheckout: (checkoutSessionId) => billing.fulfilCheckout(checkoutSessionId) },
    afterReply,
    counters: sharedLimits.counters,
    now,
  });
  const billing = createBillingService({
    config: config.billing,
    stripe: config.billing ? createStripeClient(config.billing) : null,
    repository: repositories.billing,
    accounts: identity,
    publicUrl: config.publicUrl,
    log: app.log,
  });
  const system = createSystemService({
    config,
    database: deps.database,
    version: readAppVersion(),
    capabilities: () => ({ transcriber: ai.transcriber, formatter: ai.formatter }),
  });

  // A callback hook: an async one would hold every error reply a tick, long enough for a broken
  // body behind an early refusal to be answered first.
  app.addHook('onError', (_request, _reply, error, done) => {
    system.noteFailure(error);
    done();
  });
  // Before any route: every route that writes is counted as it is registered.
  countWritesAsSaves(app, createSaveRateLimits(app, config, sharedLimits));
  await app.register(systemRoutes, { system });
  const browsers = checkoutBrowser(config);
  const idempotent = createIdempotentCreates(sharedIdempotencyStore(app, config, deps.database));
  await app.register(identityRoutes, {
    forgetDeletedIdeas: () => idempotent.forgetDeleted(),
    identity,
    sessions,
    authLimits,
    checkoutBrowser: browsers,
    signInBrowser: signInBrowser(config),
    publicUrl: config.publicUrl,
  });
  await app.register(beforeProofRoutes, {
    beforeProof: repositories.beforeProof,
    sessions: repositories.sessions,
    usage,
    removeRecordingBytes: (ids) => recordings.removeStoredBytes(ids),
    forgetDeletedIdeas: () => idempotent.forgetDeleted(),
  });
  await app.register(usageRoutes, { usage });
  await app.register(ideasRoutes, {
    ideas,
    idempotent,
  });
  await app.register(sharingRoutes, {
    sharing: createSharingService({
      links: repositories.shareLinks,
      ideas,
      publicUrl: config.publicUrl,
      secret: config.shareLinkSecret,
    }),
    publicUrl: config.publicUrl,
  });
  await app.register(dictionaryRoutes, { dictionary });
  await app.register(billingRoutes, { billing, authLimits, checkoutBrowser: browsers });
  await app.register(recordingsRoutes, {
    recordings,
    store: recordingStore,
    locker: uploadLocker,
    maxBytes: config.recordings.maxBytes,
    limits: createRecordingRateLimits(app, config, sharedLimits),
  });
  const aiService = createAiService({ engines: ai, ideas, log: app.log, dictionary });
  const audioBudget = createAudioBudget(config, sharedLimits);
  await app.register(aiRoutes, {
    limits: createAiRateLimits(app, config, sharedLimits),
    audioBudget,
    ai: aiService,
    formatDebugTrace: config.formatDebugTrace,
  });
  if (deps.recordingQueue !== false) {
    const started = startTranscriptionQueue({
      jobs: recordingJobs,
      store: recordingStore,
      ai: aiService,
      log: app.log,
      audioBudget,
      tuning: deps.recordingQueue,
    });
    queue = started;
    // Before the AI service closes (aiRoutes' own hook, registered earlier, runs after this).
    app.addHook('onClose', () => started.stop());
  }

  await registerWebApp(app, config);
  return app;
}

function logsInfo(level: Config['logLevel']): boolean {
  return level === 'info' || level === 'debug' || level === 'trace';
}

/**
 * JSON parsing as Fastify does it (prototype poisoning refused), except that an empty body with
 * a JSON Content-Type counts as no body: clients that always send the header on POST /api/logout
 * and friends are not refused for it. Routes that need a body still get a 400 from their schema.
 */
function installLenientJsonParser(app: FastifyInstance): void {
  // Fastify reads text/plain as a string by default, which then met a route's schema as
  // "expected object": every JSON route answers it 415 instead (docs/api.md, Errors), and a
  // cross-site form's text/plain body never reaches a handler.
  app.removeContentTypeParser('text/plain');
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    parseJson(request, text, done);
  });
}
