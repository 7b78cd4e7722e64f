/**
 * A caller of the app in a container, as the browser behind the proxy is: every request carries
 * the public origin (the Origin check) and, once signed in, the session cookie.
 */
export interface Answer<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
}

export class Caller {
  cookie = '';

  constructor(
    readonly publicUrl: string,
    readonly headers: Record<string, string> = {},
  ) {}

  async call<T = unknown>(
    baseUrl: string,
    method: string,
    path: string,
    body?: unknown,
    extra: Record<string, string> = {},
  ): Promise<Answer<T>> {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: {
        origin: this.publicUrl,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(this.cookie ? { cookie: this.cookie } : {}),
        ...this.headers,
        ...extra,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    });
    const session = response.headers.getSetCookie().find((line) => line.startsWith('vi_session='));
    if (session) this.cookie = session.split(';')[0] ?? '';
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // Not JSON (the web app's HTML): the text is what the test reads.
    }
    return { status: response.status, headers: response.headers, body: parsed as T };
  }
}

export interface Idea {
  id: string;
  content: string;
  format: string;
  category: string;
}

export interface IdeaList {
  items: Idea[];
  total: number;
}
