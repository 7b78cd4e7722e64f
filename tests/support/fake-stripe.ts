import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small, real HTTP stand-in for the parts of the Stripe API the server uses, for unit tests
 * and browser journeys: the server talks to it through the real `stripe` SDK (STRIPE_API_BASE),
 * and it sends webhooks signed exactly as Stripe signs them (`t=<ts>,v1=<HMAC-SHA256 of
 * "<ts>.<payload>">`). It also serves a hosted-checkout page with a "Pay" button and a billing
 * portal page, so a browser can walk the whole upgrade.
 *
 * API: POST /v1/checkout/sessions, GET /v1/checkout/sessions/:id, GET and DELETE
 * /v1/subscriptions/:id,
 * POST /v1/billing_portal/sessions. Pages: GET /checkout/:id (Pay, Cancel), GET /portal/:id
 * (Cancel subscription, Return).
 */

export type FakeStripeFault = 'none' | 'error' | 'hang';

export interface FakeCheckoutSession {
  id: string;
  object: 'checkout.session';
  url: string;
  mode: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  customer: string | null;
  customer_email: string | null;
  customer_details: { email: string } | null;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  subscription_metadata: Record<string, string>;
  success_url: string;
  cancel_url: string;
  subscription: string | null;
  price: string;
}

export interface FakeSubscription {
  id: string;
  object: 'subscription';
  customer: string;
  status: string;
  metadata: Record<string, string>;
  created: number;
  items: {
    object: 'list';
    data: {
      id: string;
      object: 'subscription_item';
      current_period_start: number;
      current_period_end: number;
      price: { id: string; object: 'price' };
    }[];
  };
}

export interface FakeStripeRequest {
  method: string;
  path: string;
  /** The form fields as sent (flat keys such as `line_items[0][price]`). */
  form: Record<string, string>;
  stripeVersion: string | undefined;
  idempotencyKey: string | undefined;
}

/** Where webhooks go: a URL the fake POSTs to, or a function (for servers tested by inject). */
export type WebhookTarget =
  string | ((delivery: { payload: string; signature: string }) => Promise<number>);

export interface WebhookDelivery {
  eventId: string;
  type: string;
  status: number;
}

export interface FakeStripe {
  /** For STRIPE_API_BASE. */
  url: string;
  secretKey: string;
  webhookSecret: string;
  priceId: string;
  /** STRIPE_* variables that point a server at this fake. */
  env: Record<string, string>;
  requests: FakeStripeRequest[];
  checkoutSessions: Map<string, FakeCheckoutSession>;
  subscriptions: Map<string, FakeSubscription>;
  deliveries: WebhookDelivery[];
  setWebhookTarget(target: WebhookTarget | null): void;
  setFault(fault: FakeStripeFault): void;
  /**
   * What the Pay button does: the session is paid and complete, a customer and an active
   * subscription (30-day period from `now`) exist, and, unless `sendWebhook` is false, the
   * signed checkout.session.completed is delivered (awaited).
   */
  pay(
    sessionId: string,
    options?: { sendWebhook?: boolean; now?: Date },
  ): Promise<{ session: FakeCheckoutSession; subscription: FakeSubscription }>;
  /** Changes a subscription; with `event`, delivers that event type about it. */
  setSubscriptionStatus(
    subscriptionId: string,
    status: string,
    options?: { event?: string },
  ): Promise<FakeSubscription>;
  /** Builds, signs and delivers an event; `timestamp` (seconds) and `secret` may be overridden. */
  sendEvent(
    type: string,
    object: object,
    options?: { eventId?: string; timestamp?: number; secret?: string },
  ): Promise<WebhookDelivery>;
  /** An event's body, as Stripe would send it. */
  eventPayload(
    type: string,
    object: object,
    eventId?: string,
  ): { eventId: string; payload: string };
  /** The Stripe-Signature header for a payload. */
  sign(payload: string, options?: { timestamp?: number; secret?: string }): string;
  close(): Promise<void>;
}

const API_VERSION = '2026-10-28.endive';
const PERIOD_SECONDS = 30 * 24 * 60 * 60;

function newId(prefix: string): string {
  return `${prefix}_${randomBytes(12).toString('hex')}`;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json', 'request-id': newId('req') });
  response.end(JSON.stringify(body));
}

function stripeError(response: ServerResponse, status: number, message: string, code?: string) {
  sendJson(response, status, {
    error: { type: 'invalid_request_error', message, ...(code ? { code } : {}) },
  });
}

function sendHtml(response: ServerResponse, title: string, body: string): void {
  response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
  response.end(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head><body style="font-family: sans-serif; max-width: 28rem; margin: 2rem auto; padding: 0 1rem"><main>${body}</main></body></html>`,
  );
}

function redirect(response: ServerResponse, location: string): void {
  response.writeHead(303, { location });
  response.end();
}

/** Fields that start with `prefix[` (e.g. metadata[email]) as a flat record. */
function subRecord(form: Record<string, string>, prefix: string): Record<string, string> {
  const record: Record<string, string> = {};
  for (const [key, value] of Object.entries(form)) {
    const match = new RegExp(`^${prefix.replace(/[[\]]/g, '\\$&')}\\[([^\\]]+)\\]$`).exec(key);
    if (match?.[1] !== undefined) record[match[1]] = value;
  }
  return record;
}

export async function startFakeStripe(
  options: { secretKey?: string; webhookSecret?: string; priceId?: string } = {},
): Promise<FakeStripe> {
  const secretKey = options.secretKey ?? 'sk_test_fake';
  const webhookSecret = options.webhookSecret ?? `whsec_${randomBytes(16).toString('hex')}`;
  const priceId = options.priceId ?? 'price_pro_monthly';
  const requests: FakeStripeRequest[] = [];
  const checkoutSessions = new Map<string, FakeCheckoutSession>();
  const subscriptions = new Map<string, FakeSubscription>();
  const portalSessions = new Map<string, { customer: string; return_url: string }>();
  const deliveries: WebhookDelivery[] = [];
  let webhookTarget: WebhookTarget | null = null;
  let fault: FakeStripeFault = 'none';
  let base = '';

  function sign(payload: string, opts: { timestamp?: number; secret?: string } = {}): string {
    const timestamp = opts.timestamp ?? Math.floor(Date.now() / 1000);
    const signature = createHmac('sha256', opts.secret ?? webhookSecret)
      .update(`${timestamp}.${payload}`)
      .digest('hex');
    return `t=${timestamp},v1=${signature}`;
  }

  function eventPayload(type: string, object: object, eventId = newId('evt')) {
    const payload = JSON.stringify(
      {
        id: eventId,
        object: 'event',
        api_version: API_VERSION,
        created: Math.floor(Date.now() / 1000),
        type,
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        data: { object },
      },
      null,
      2,
    );
    return { eventId, payload };
  }

  async function sendEvent(
    type: string,
    object: object,
    opts: { eventId?: string; timestamp?: number; secret?: string } = {},
  ): Promise<WebhookDelivery> {
    const { eventId, payload } = eventPayload(type, object, opts.eventId);
    const signature = sign(payload, opts);
    if (webhookTarget === null) throw new Error('fake Stripe: no webhook target is set');
    let status: number;
    if (typeof webhookTarget === 'function') {
      status = await webhookTarget({ payload, signature });
    } else {
      const response = await fetch(webhookTarget, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'stripe-signature': signature,
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
        },
        body: payload,
      });
      await response.arrayBuffer();
      status = response.status;
    }
    const delivery = { eventId, type, status };
    deliveries.push(delivery);
    return delivery;
  }

  function publicSession(session: FakeCheckoutSession) {
    const { price: _price, subscription_metadata: _metadata, ...visible } = session;
    return visible;
  }

  async function pay(
    sessionId: string,
    opts: { sendWebhook?: boolean; now?: Date } = {},
  ): Promise<{ session: FakeCheckoutSession; subscription: FakeSubscription }> {
    const session = checkoutSessions.get(sessionId);
    if (!session) throw new Error(`fake Stripe: no checkout session ${sessionId}`);
    if (session.status !== 'open')
      throw new Error(`fake Stripe: ${sessionId} is ${session.status}`);
    const start = Math.floor((opts.now ?? new Date()).getTime() / 1000);
    const customer = session.customer ?? newId('cus');
    const subscription: FakeSubscription = {
      id: newId('sub'),
      object: 'subscription',
      customer,
      status: 'active',
      metadata: session.subscription_metadata,
      created: start,
      items: {
        object: 'list',
        data: [
          {
            id: newId('si'),
            object: 'subscription_item',
            current_period_start: start,
            current_period_end: start + PERIOD_SECONDS,
            price: { id: session.price, object: 'price' },
          },
        ],
      },
    };
    subscriptions.set(subscription.id, subscription);
    Object.assign(session, {
      status: 'complete',
      payment_status: 'paid',
      customer,
      customer_details: { email: session.customer_email ?? session.metadata.email ?? '' },
      subscription: subscription.id,
    });
    if (opts.sendWebhook !== false) {
      await sendEvent('checkout.session.completed', publicSession(session));
    }
    return { session, subscription };
  }

  async function setSubscriptionStatus(
    subscriptionId: string,
    status: string,
    opts: { event?: string } = {},
  ): Promise<FakeSubscription> {
    const subscription = subscriptions.get(subscriptionId);
    if (!subscription) throw new Error(`fake Stripe: no subscription ${subscriptionId}`);
    subscription.status = status;
    if (opts.event !== undefined) await sendEvent(opts.event, structuredClone(subscription));
    return subscription;
  }

  async function handleApi(request: IncomingMessage, response: ServerResponse, path: string) {
    const raw = await readBody(request);
    const form = Object.fromEntries(new URLSearchParams(raw));
    const header = (name: string) => {
      const value = request.headers[name];
      return Array.isArray(value) ? value[0] : value;
    };
    requests.push({
      method: request.method ?? '',
      path,
      form,
      stripeVersion: header('stripe-version'),
      idempotencyKey: header('idempotency-key'),
    });
    if (fault === 'hang') return; // never answers; close() ends the socket
    if (fault === 'error') {
      sendJson(response, 500, { error: { type: 'api_error', message: 'Something went wrong.' } });
      return;
    }
    if (header('authorization') !== `Bearer ${secretKey}`) {
      stripeError(response, 401, 'Invalid API Key provided.');
      return;
    }
    const method = request.method ?? 'GET';
    let match: RegExpExecArray | null;
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      if (form.mode !== 'subscription') return stripeError(response, 400, 'Invalid mode.');
      if (form['line_items[0][price]'] !== priceId) {
        return stripeError(
          response,
          400,
          `No such price: '${form['line_items[0][price]']}'`,
          'resource_missing',
        );
      }
      if (!form.success_url || !form.cancel_url) {
        return stripeError(response, 400, 'Missing required param: success_url.');
      }
      const id = newId('cs_test');
      const session: FakeCheckoutSession = {
        id,
        object: 'checkout.session',
        url: `${base}/checkout/${id}`,
        mode: form.mode,
        status: 'open',
        payment_status: 'unpaid',
        customer: form.customer ?? null,
        customer_email: form.customer_email ?? null,
        customer_details: null,
        client_reference_id: form.client_reference_id ?? null,
        metadata: subRecord(form, 'metadata'),
        subscription_metadata: subRecord(form, 'subscription_data[metadata]'),
        success_url: form.success_url,
        cancel_url: form.cancel_url,
        subscription: null,
        price: priceId,
      };
      checkoutSessions.set(id, session);
      return sendJson(response, 200, publicSession(session));
    }
    if (method === 'GET' && (match = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path))) {
      const session = checkoutSessions.get(decodeURIComponent(match[1] ?? ''));
      if (!session)
        return stripeError(response, 404, 'No such checkout.session', 'resource_missing');
      return sendJson(response, 200, publicSession(session));
    }
    if (method === 'GET' && (match = /^\/v1\/subscriptions\/([^/]+)$/.exec(path))) {
      const subscription = subscriptions.get(decodeURIComponent(match[1] ?? ''));
      if (!subscription)
        return stripeError(response, 404, 'No such subscription', 'resource_missing');
      return sendJson(response, 200, subscription);
    }
    if (method === 'DELETE' && (match = /^\/v1\/subscriptions\/([^/]+)$/.exec(path))) {
      const subscription = subscriptions.get(decodeURIComponent(match[1] ?? ''));
      if (!subscription)
        return stripeError(response, 404, 'No such subscription', 'resource_missing');
      if (subscription.status === 'canceled') {
        return stripeError(response, 400, 'This subscription has already been canceled.');
      }
      // Answers before the event goes out, as the provider does.
      subscription.status = 'canceled';
      sendJson(response, 200, subscription);
      await sendEvent('customer.subscription.deleted', structuredClone(subscription));
      return;
    }
    if (method === 'POST' && path === '/v1/billing_portal/sessions') {
      if (!form.customer) return stripeError(response, 400, 'Missing required param: customer.');
      const id = newId('bps');
      portalSessions.set(id, { customer: form.customer, return_url: form.return_url ?? base });
      return sendJson(response, 200, {
        id,
        object: 'billing_portal.session',
        customer: form.customer,
        return_url: form.return_url ?? null,
        url: `${base}/portal/${id}`,
      });
    }
    return stripeError(response, 404, `Unrecognized request URL (${method}: ${path}).`);
  }

  async function handlePage(request: IncomingMessage, response: ServerResponse, path: string) {
    let match: RegExpExecArray | null;
    if ((match = /^\/checkout\/([^/]+)(\/pay)?$/.exec(path))) {
      const session = checkoutSessions.get(match[1] ?? '');
      if (!session) return stripeError(response, 404, 'No such checkout page.');
      if (match[2] && request.method === 'POST') {
        await readBody(request);
        if (session.status === 'open') await pay(session.id);
        return redirect(response, session.success_url);
      }
      const email = session.customer_email ?? session.metadata.email ?? '';
      return sendHtml(
        response,
        'Pay Voice Ideas',
        `<h1>Voice Ideas Pro</h1><p>$9.00 per month</p><p>${escapeHtml(email)}</p>
        <form method="post" action="/checkout/${escapeHtml(session.id)}/pay"><button type="submit" style="min-height: 44px; min-width: 44px">Pay</button></form>
        <p><a href="${escapeHtml(session.cancel_url)}">Cancel</a></p>`,
      );
    }
    if ((match = /^\/portal\/([^/]+)(\/cancel)?$/.exec(path))) {
      const portal = portalSessions.get(match[1] ?? '');
      if (!portal) return stripeError(response, 404, 'No such portal page.');
      const active = [...subscriptions.values()].find(
        (sub) => sub.customer === portal.customer && sub.status !== 'canceled',
      );
      if (match[2] && request.method === 'POST') {
        await readBody(request);
        if (active)
          await setSubscriptionStatus(active.id, 'canceled', {
            event: 'customer.subscription.deleted',
          });
        return redirect(response, portal.return_url);
      }
      return sendHtml(
        response,
        'Billing portal',
        `<h1>Billing portal</h1><p>Plan: Voice Ideas Pro, ${escapeHtml(active?.status ?? 'no subscription')}</p>
        ${active ? `<form method="post" action="/portal/${escapeHtml(match[1] ?? '')}/cancel"><button type="submit" style="min-height: 44px">Cancel subscription</button></form>` : ''}
        <p><a href="${escapeHtml(portal.return_url)}">Return</a></p>`,
      );
    }
    return stripeError(response, 404, 'Not found.');
  }

  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://fake').pathname;
    const handler = path.startsWith('/v1/') ? handleApi : handlePage;
    handler(request, response, path).catch((error: unknown) => {
      if (!response.headersSent) {
        sendJson(response, 500, { error: { type: 'api_error', message: String(error) } });
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: base,
    secretKey,
    webhookSecret,
    priceId,
    env: {
      STRIPE_SECRET_KEY: secretKey,
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      STRIPE_PRICE_ID: priceId,
      STRIPE_API_BASE: base,
    },
    requests,
    checkoutSessions,
    subscriptions,
    deliveries,
    setWebhookTarget(target) {
      webhookTarget = target;
    },
    setFault(next) {
      fault = next;
    },
    pay,
    setSubscriptionStatus,
    sendEvent,
    eventPayload,
    sign,
    close() {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
