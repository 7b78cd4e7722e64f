import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../config.js';
import { HttpError } from './errors.js';

const STATE_CHANGING_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export function isServedOverHttps(config: Config): boolean {
  return config.publicUrl.startsWith('https://');
}

/**
 * Helmet's headers with a CSP the Vite-built React app passes: its scripts and workers are
 * same-origin files, Radix and Tailwind set inline styles, recordings play from blob: URLs.
 */
function helmetOptions(config: Config): HelmetOptions {
  const https = isServedOverHttps(config);
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'"],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // HSTS over plain http is meaningless and would pin localhost to https in some browsers.
    strictTransportSecurity: https ? { maxAge: 15_552_000, includeSubDomains: true } : false,
  };
}

/**
 * The headers helmet sets, computed once. Nothing in them depends on the request (no CSP
 * nonces), and @fastify/helmet rebuilt helmet, CSP parsing included, on every request: 14% of
 * the CPU of a small API response. Helmet's middleware is run once against a recorder.
 */
export function securityHeaders(config: Config): [string, string][] {
  const headers = new Map<string, string>();
  const recorder = {
    setHeader(name: string, value: string) {
      headers.set(name.toLowerCase(), value);
    },
    removeHeader(name: string) {
      headers.delete(name.toLowerCase());
    },
  };
  let finished = false;
  helmet(helmetOptions(config))(
    {} as IncomingMessage,
    recorder as unknown as ServerResponse,
    (error?: unknown) => {
      if (error !== undefined) throw error;
      finished = true;
    },
  );
  if (!finished) throw new Error('helmet did not set its headers synchronously');
  return [...headers];
}

/**
 * Helmet's headers on every reply, and `Cache-Control: no-store` unless a route says otherwise:
 * nearly every reply carries a person's ideas, identity or usage, and no shared cache or
 * back/forward cache may keep those. Deciding by the URL would miss the spellings the router
 * decodes to the same route (`/%61pi/ideas`, an absolute-form target), so the default is the
 * safe one and only the web app's files (web-app.ts) say they may be kept.
 */
export function registerSecurityHeaders(
  app: FastifyInstance,
  headers: readonly (readonly [string, string])[],
): void {
  // On the raw response, as helmet itself does, so an error reply keeps them too.
  app.addHook('onRequest', (_request, reply, done) => {
    const raw = reply.raw;
    for (const [name, value] of headers) raw.setHeader(name, value);
    raw.setHeader('cache-control', 'no-store');
    done();
  });
}

function urlOf(value: string): URL | null {
  try {
    return new URL(value);
  } catch {
    return null;
  }
}

/**
 * docs/api.md ("Conventions"): a state-changing call whose Origin is present and names neither
 * the request's own Host nor PUBLIC_URL's host is refused with 403. Calls without Origin
 * (scripts, webhooks) pass.
 */
export function installOriginCheck(app: FastifyInstance, config: Config): void {
  const publicUrl = urlOf(config.publicUrl);
  // A callback hook, not an async one: it runs on every request and usually decides at once.
  app.addHook('onRequest', (request: FastifyRequest, _reply, done) => {
    done(isAllowedOrigin(request, publicUrl) ? undefined : forbiddenOrigin());
  });
}

function forbiddenOrigin(): HttpError {
  return new HttpError(
    403,
    'forbidden_origin',
    'This request came from another site and was refused.',
  );
}

function isAllowedOrigin(request: FastifyRequest, publicUrl: URL | null): boolean {
  if (!STATE_CHANGING_METHODS.has(request.method)) return true;
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  const parsed = urlOf(origin);
  if (parsed === null) return false;
  const originHost = parsed.host.toLowerCase();
  const ownHost = request.headers.host?.toLowerCase();
  const publicHost = publicUrl?.host.toLowerCase() ?? null;
  if (originHost !== ownHost && originHost !== publicHost) return false;
  // A plain-http page of the same host is not the same site as its https one: anyone on the
  // path can write into it. Refused when this server is known to be served over https, by
  // PUBLIC_URL or by the request itself. An https Origin over a plain-http hop is a
  // TLS-terminating proxy in front and stays allowed.
  const servedOverTls =
    request.protocol === 'https' || (originHost === publicHost && publicUrl?.protocol === 'https:');
  return !(servedOverTls && parsed.protocol !== 'https:');
}
