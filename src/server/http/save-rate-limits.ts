import type { FastifyInstance, FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import type { Config } from '../config.js';
import {
  addressAndNetworkLimit,
  clientKeyOf,
  countForAddressAndNetwork,
  ONE_HOUR_MS,
  type SharedLimits,
} from './rate-limit-counters.js';
import { guestIdOf } from './sessions.js';

/**
 * The state-changing routes that are not counted as saves, each with what holds it instead.
 * Every other POST, PUT, PATCH and DELETE is counted (countWritesAsSaves), so a new route that
 * writes cannot be left out by forgetting it.
 */
export const NOT_COUNTED_AS_SAVES: Readonly<Record<string, string>> = {
  'POST /api/register': 'the AUTH limit',
  'POST /api/login': 'the AUTH limit and the password-guess count',
  'POST /api/auth/magic': 'the AUTH limit',
  'POST /api/auth/magic/account': 'the AUTH limit (it reads, it stores nothing)',
  'POST /api/auth/forgot-password': 'the AUTH limit',
  'POST /api/auth/reset-password': 'the AUTH limit',
  'POST /api/auth/reset-password/account': 'the AUTH limit (it reads, it stores nothing)',
  'POST /api/auth/claim': 'the AUTH limit',
  'DELETE /api/account': 'the AUTH limit and the password-guess count',
  'POST /api/billing/create-checkout-session': 'the AUTH limit',
  // The billing provider's calls come from its own few addresses, for every customer at once.
  'POST /api/billing/webhook': 'its signature',
  'POST /api/transcribe': 'the AI limit; it stores nothing',
  'POST /api/format': 'the AI limit; it stores nothing',
  'POST /api/infer-format-category': 'the AI limit; it stores nothing',
  // One upload is many PATCHes of up to a chunk each; its bytes are what is limited (ADR 106).
  'PATCH /api/uploads/:id': 'the recordings bytes an hour per address',
};

const STATE_CHANGING_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Routes that always act for the guest of X-Guest-Id, whether or not a session comes along. */
function isGuestRoute(url: string): boolean {
  return url.startsWith('/api/guest-');
}

export interface SaveRateLimits {
  /**
   * One save for the client address and, when the request acts as a guest (a guest route, or
   * no session), the guest id's admission under the new-guests cap.
   */
  countWrite(request: FastifyRequest, guestRoute: boolean): Promise<void>;
}

/**
 * /64s of one IPv6 /48 whose saves, new guests and text it may have together: each /64 had a
 * budget of its own, so one network with a routed /56 stored 256 times the text of an address.
 */
const SAVE_ADDRESSES_PER_NETWORK = 8;

/**
 * Saves: RATE_LIMIT_SAVES_PER_MIN per minute and address, guests and accounts alike, whatever
 * the guest id, for every route that writes. A guest id is the browser's to make up, so a
 * script could otherwise spread its writes over fresh guests, each with its own monthly quota
 * and its own rows: an address may bring at most RATE_LIMIT_NEW_GUESTS_PER_HOUR guest ids it has
 * not written with in the last hour. A guest the address already wrote with is never refused by
 * that cap, so the person whose browser keeps its id is not locked out by a script on the same
 * network making new ones. The text those writes carry is counted too: at most
 * RATE_LIMIT_TEXT_BYTES_PER_HOUR per address and hour, in KiB so that a window's count stays far
 * inside the PostgreSQL table's integer, because within the other limits one address could
 * otherwise grow the database by most of a GiB an hour (ADR 129). All counts are the shared
 * ones (ADR 070).
 */
export function createSaveRateLimits(
  app: FastifyInstance,
  config: Config,
  shared: SharedLimits,
): SaveRateLimits {
  const perMinute = config.rateLimits.savesPerMinute;
  const save = addressAndNetworkLimit(app, shared, 'save', perMinute, SAVE_ADDRESSES_PER_NETWORK);
  const newGuestsPerHour = config.rateLimits.newGuestsPerHour;
  const admitGuest = async (request: FastifyRequest) => {
    const guestId = guestIdOf(request);
    // The route answers 400 for a missing or malformed id; nothing to count for it.
    if (guestId === null) return;
    const seen = `guest-seen:${clientKeyOf(request)}:${guestId}`;
    if ((await shared.counters.read(seen)) !== undefined) return;
    await countForAddressAndNetwork(shared.counters, request, {
      family: 'new-guests',
      windowMs: ONE_HOUR_MS,
      amount: 1,
      limit: newGuestsPerHour,
      perNetwork: SAVE_ADDRESSES_PER_NETWORK,
      message: 'Too many new guests from this network.',
    });
    await shared.counters.increment(seen, ONE_HOUR_MS);
  };
  const textBudgetKib = Math.floor(config.rateLimits.textBytesPerHour / 1024);
  const countText = async (request: FastifyRequest) => {
    const bytes = textBytesOf(request.body);
    if (bytes === 0) return;
    await countForAddressAndNetwork(shared.counters, request, {
      family: 'text-bytes',
      windowMs: ONE_HOUR_MS,
      amount: Math.ceil(bytes / 1024),
      limit: textBudgetKib,
      perNetwork: SAVE_ADDRESSES_PER_NETWORK,
      message: 'Too much text from this network this hour.',
    });
  };
  return {
    async countWrite(request, guestRoute) {
      await save(request);
      if (guestRoute || request.user === null) await admitGuest(request);
      await countText(request);
    },
  };
}

/**
 * The UTF-8 bytes of every string in a parsed JSON body (at most the body limit's worth): the
 * text a write may store, whatever field it is in. Counted before the route stores anything,
 * so parallel writes cannot race past the budget.
 */
export function textBytesOf(body: unknown): number {
  // A loop, not recursion: a 64 KiB body can nest arrays 30,000 deep, past the call stack.
  let bytes = 0;
  const pending: unknown[] = [body];
  while (pending.length > 0) {
    const value = pending.pop();
    if (typeof value === 'string') bytes += Buffer.byteLength(value, 'utf8');
    else if (typeof value === 'object' && value !== null && !Buffer.isBuffer(value)) {
      for (const inner of Array.isArray(value) ? value : Object.values(value)) pending.push(inner);
    }
  }
  return bytes;
}

/**
 * Counts every state-changing /api/ route as a save (unless NOT_COUNTED_AS_SAVES names it),
 * decided once as each route is registered, so it must be added before the routes are. It
 * counts before the body is validated: a stream of refused bodies costs the same parsing as
 * accepted ones, and the count does not depend on how each route checks its input.
 */
export function countWritesAsSaves(app: FastifyInstance, limits: SaveRateLimits): void {
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    const methods = [route.method].flat().filter((method) => STATE_CHANGING_METHODS.has(method));
    if (methods.length === 0) return;
    const counted = methods.filter((method) => !(`${method} ${route.url}` in NOT_COUNTED_AS_SAVES));
    if (counted.length === 0) return;
    const guestRoute = isGuestRoute(route.url);
    const count: preValidationAsyncHookHandler = async (request) => {
      if (counted.includes(request.method)) await limits.countWrite(request, guestRoute);
    };
    const existing = route.preValidation;
    route.preValidation = existing === undefined ? [count] : [...[existing].flat(), count];
  });
}
