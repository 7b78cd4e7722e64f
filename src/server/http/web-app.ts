import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { Config } from '../config.js';
import { HttpError } from './errors.js';

const MISSING_BUILD_PAGE = `Voice Ideas: the web app has not been built yet.

The API is running under /api. To serve the app, build it with

  npm run build

(or start the server with \`npm start\`, which builds when the build is missing or stale).
`;

/** A path told back in an error at most this long: the rest is the caller's own text. */
export const SHOWN_PATH_MAX_CHARS = 120;

/**
 * The path as an error tells it back: a path of thousands of characters would otherwise be
 * echoed whole, making a 404 as large as the request line (and worth compressing).
 */
function isApiPath(rawPath: string): boolean {
  let path = rawPath;
  try {
    path = decodeURIComponent(rawPath);
  } catch {
    // Not valid percent-encoding: the raw path is all there is to go by.
  }
  return path === '/api' || path.startsWith('/api/');
}

function shownPath(path: string): string {
  return path.length > SHOWN_PATH_MAX_CHARS ? `${path.slice(0, SHOWN_PATH_MAX_CHARS)}…` : path;
}

/**
 * Serves the built web app and the SPA fallback. /api/* never falls back: an unknown API path is
 * a JSON 404. Any other unknown path answers 200 with index.html, whose router shows its own
 * 'Page Not Found' screen. Hashed assets are immutable; index.html, the service worker, the
 * manifest and the icons are revalidated on every load so a new release is picked up.
 */
export async function registerWebApp(app: FastifyInstance, config: Config): Promise<void> {
  const root = resolve(config.webDistDir);
  // Decided once at boot: a build made while the server runs is picked up at the next start.
  const servesFiles = existsSync(root);
  const hasBuild = (): boolean => servesFiles && existsSync(join(root, 'index.html'));

  if (servesFiles) {
    await app.register(fastifyStatic, {
      root,
      wildcard: true,
      index: ['index.html'],
      cacheControl: false,
      // The build writes .br and .gz beside each text file (scripts/precompress.mjs): the copy the
      // browser accepts is sent, with Content-Encoding and Vary: Accept-Encoding.
      preCompressed: true,
      setHeaders: (reply, filePath) => {
        const immutable = /[\\/]assets[\\/]/.test(filePath);
        void reply.header(
          'Cache-Control',
          immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  } else {
    app.log.warn(`The web app build was not found at ${root}; only the API is served.`);
  }

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    // The router matched the decoded path, so /%61pi/x is an API path as /api/x is.
    if (isApiPath(path)) {
      throw new HttpError(
        404,
        'not_found',
        `There is no API endpoint ${request.method} ${shownPath(path)}.`,
      );
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      throw new HttpError(
        404,
        'not_found',
        `There is nothing at ${request.method} ${shownPath(path)}.`,
      );
    }
    if (!hasBuild()) {
      return reply.code(503).type('text/plain; charset=utf-8').send(MISSING_BUILD_PAGE);
    }
    void reply.header('Cache-Control', 'no-cache');
    return reply.code(200).sendFile('index.html', root);
  });
}
