import type { LightMyRequestResponse } from 'fastify';
import { CHECKOUT_BROWSER_COOKIE } from '../http/checkout-browser.js';

/** The Cookie pair that binds a browser to the checkouts it started, from a checkout's reply. */
export function checkoutBrowserCookieOf(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((c) => c.name === CHECKOUT_BROWSER_COOKIE);
  if (!cookie) throw new Error(`no ${CHECKOUT_BROWSER_COOKIE} cookie in the response`);
  return `${CHECKOUT_BROWSER_COOKIE}=${cookie.value}`;
}

/** Headers with the given cookie pairs added to any Cookie header they already carry. */
export function withCookies(
  headers: Record<string, string>,
  ...pairs: (string | null)[]
): Record<string, string> {
  const cookie = [headers.cookie, ...pairs].filter(Boolean).join('; ');
  return cookie === '' ? headers : { ...headers, cookie };
}
