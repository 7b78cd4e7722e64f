import { ApiError } from './api-error';
import { ensureGuestId } from './guest-id';
import type { Parser } from './response-guards';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface RequestOptions {
  /** JSON body; sent with a JSON content type only when present. */
  body?: unknown;
  /** Multipart uploads go as they are; the browser sets the boundary. */
  formData?: FormData;
  signal?: AbortSignal;
}

/** The raw call of spec section 7: guest id header, cookies, JSON only when there is a body. */
export async function apiFetch(
  method: HttpMethod,
  url: string,
  options: RequestOptions = {},
): Promise<Response> {
  const headers: Record<string, string> = { 'X-Guest-Id': ensureGuestId() };
  let body: BodyInit | undefined;
  if (options.formData) {
    body = options.formData;
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  return fetch(url, { method, headers, body, credentials: 'include', signal: options.signal });
}

export async function throwIfNotOk(response: Response): Promise<void> {
  if (response.ok) return;
  const text = await response.text().catch(() => '');
  throw new ApiError(response.status, response.statusText, text);
}

/** A call whose JSON answer is validated against the shared contract before anyone reads it. */
export async function apiRequest<T>(
  parse: Parser<T>,
  method: HttpMethod,
  url: string,
  options?: RequestOptions,
): Promise<T> {
  const response = await apiFetch(method, url, options);
  await throwIfNotOk(response);
  return parse(await response.json());
}

/** For calls answered with 204 or a body nobody reads. */
export async function apiSend(method: HttpMethod, url: string, options?: RequestOptions) {
  const response = await apiFetch(method, url, options);
  await throwIfNotOk(response);
}

export type UnauthorizedBehavior = 'throw' | 'returnNull';

/**
 * The default query function of spec section 7: GET the URL made by joining the key's
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
