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

  /**
   * A recording sent as the web app sends it: a tus upload (docs/api.md, "Recordings") created
   * at one address and finished at another, which may be a second instance. Answers its id.
   */
  async upload(createAt: string, bytes: Buffer, finishAt = createAt): Promise<string> {
    const tus = {
      'tus-resumable': '1.0.0',
      origin: this.publicUrl,
      ...(this.cookie ? { cookie: this.cookie } : {}),
    };
    const metadata = [
      `filename ${Buffer.from('recording.webm').toString('base64')}`,
      `filetype ${Buffer.from('audio/webm').toString('base64')}`,
    ].join(',');
    const created = await fetch(`${createAt}/api/uploads`, {
      method: 'POST',
      headers: { ...tus, 'upload-length': String(bytes.length), 'upload-metadata': metadata },
      signal: AbortSignal.timeout(30_000),
    });
    const location = created.headers.get('location');
    if (created.status !== 201 || !location) {
      throw new Error(`POST /api/uploads answered ${created.status}: ${await created.text()}`);
    }
    const half = Math.floor(bytes.length / 2);
    let offset = 0;
    for (const [at, end] of [
      [createAt, half],
      [finishAt, bytes.length],
    ] as const) {
      const sent = await fetch(`${at}${location}`, {
        method: 'PATCH',
        headers: {
          ...tus,
          'content-type': 'application/offset+octet-stream',
          'upload-offset': String(offset),
        },
        body: bytes.subarray(offset, end),
        signal: AbortSignal.timeout(30_000),
      });
      if (sent.status !== 204) {
        throw new Error(`PATCH ${location} answered ${sent.status}: ${await sent.text()}`);
      }
      offset = end;
    }
    return location.slice('/api/uploads/'.length);
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
