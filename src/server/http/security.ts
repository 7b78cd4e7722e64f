import type { FastifyInstance, FastifyRequest } from 'fastify';
import helmet from '@fastify/helmet';
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
export async function registerSecurityHeaders(app: FastifyInstance, config: Config): Promise<void> {
  const https = isServedOverHttps(config);
  await app.register(helmet, {
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
  });
}

function hostOf(value: string): string | null {
  try {
    return new URL(value).host.toLowerCase();
  } catch {
    return null;
  }
}

/**
 * API.md: a state-changing call whose Origin is present and names neither the request's own
 * Host nor PUBLIC_URL's host is refused with 403. Calls without Origin (scripts, webhooks) pass.
 */
export function installOriginCheck(app: FastifyInstance, config: Config): void {
  const publicHost = hostOf(config.publicUrl);
  app.addHook('onRequest', async (request: FastifyRequest) => {
    if (!STATE_CHANGING_METHODS.has(request.method)) return;
    const origin = request.headers.origin;
    if (origin === undefined) return;
    const originHost = hostOf(origin);
    const ownHost = request.headers.host?.toLowerCase();
    if (originHost !== null && (originHost === ownHost || originHost === publicHost)) return;
    throw new HttpError(
      403,
      'forbidden_origin',
      'This request came from another site and was refused.',
    );
  });
}
