import { ApiError } from './api-error';
import { ensureGuestId } from './guest-id';
import type { ResponseName, ResponseOf } from './check-response';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface RequestOptions {
  /** JSON body; sent with a JSON content type only when present. */
  body?: unknown;
  /** Multipart uploads go as they are; the browser sets the boundary. */
  formData?: FormData;
  /** Headers a call adds to the guest id and content type (a Recording-Token, an Idempotency-Key). */
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Sent even as the page goes away (a delete whose undo window the closing tab cut short). */
  keepalive?: boolean;
}

/** The raw call of docs/api.md: guest id header, cookies, JSON only when there is a body. */
export async function apiFetch(
  method: HttpMethod,
  url: string,
  options: RequestOptions = {},
): Promise<Response> {
  const headers: Record<string, string> = { ...options.headers, 'X-Guest-Id': ensureGuestId() };
  let body: BodyInit | undefined;
  if (options.formData) {
    body = options.formData;
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  return fetch(url, {
    method,
    headers,
    body,
    credentials: 'include',
    signal: options.signal,
    keepalive: options.keepalive,
  });
}

export async function throwIfNotOk(response: Response): Promise<void> {
  if (response.ok) return;
  const text = await response.text().catch(() => '');
  throw new ApiError(response.status, response.statusText, text);
}

/**
 * The response checker (zod/mini and the shared schemas), fetched beside the first request
 * rather than before the app starts: no screen needs it until an answer has arrived.
 */
function loadChecker() {
  return import('./check-response');
}

/**
 * Checks a successful answer against the shared schema of that name (src/contract/api-schemas.ts);
 * an answer of any other shape is a ResponseShapeError.
 */
export async function readResponse<K extends ResponseName>(
  name: K,
  response: Response,
  url: string,
): Promise<ResponseOf<K>> {
  const [checker, body] = await Promise.all([loadChecker(), response.json() as Promise<unknown>]);
  return checker.checkResponse(name, body, url);
}

/** A call whose JSON answer is validated against the shared contract before anyone reads it. */
export async function apiRequest<K extends ResponseName>(
  name: K,
  method: HttpMethod,
  url: string,
  options?: RequestOptions,
): Promise<ResponseOf<K>> {
  const [response] = await Promise.all([apiFetch(method, url, options), loadChecker()]);
  await throwIfNotOk(response);
  return readResponse(name, response, url);
}

/** For calls answered with 204 or a body nobody reads. */
export async function apiSend(method: HttpMethod, url: string, options?: RequestOptions) {
  const response = await apiFetch(method, url, options);
  await throwIfNotOk(response);
}

export type UnauthorizedBehavior = 'throw' | 'returnNull';

/**
 * The default query function of docs/api.md: GET the URL made by joining the key's
 * segments with slashes and return the parsed JSON; a 401 may answer null instead of throwing.
 */
export function getQueryFn(on401: UnauthorizedBehavior = 'throw') {
  return async ({ queryKey }: { queryKey: readonly unknown[] }): Promise<unknown> => {
    const url = queryKey.filter((part) => typeof part === 'string').join('/');
    const response = await apiFetch('GET', url);
    if (on401 === 'returnNull' && response.status === 401) return null;
    await throwIfNotOk(response);
    return response.json() as Promise<unknown>;
  };
}
