import type { HttpRequest, HttpResponse, HttpStack } from 'tus-js-client';

/**
 * tus-js-client's requests over fetch instead of its default XMLHttpRequest, which service
 * workers do not have: the page and the worker resume a kept recording with the same code
 * (ADR 122). Same-origin, so the session cookie goes with every request. Every request has a
 * deadline, since a connection that hangs must not hold a recording forever; tus-js-client then
 * retries or reports the failure.
 */
const REQUEST_TIMEOUT_MS = 30_000;

class FetchResponse implements HttpResponse {
  constructor(
    private readonly response: Response,
    private readonly body: string,
  ) {}
  getStatus(): number {
    return this.response.status;
  }
  getHeader(header: string): string | undefined {
    return this.response.headers.get(header) ?? undefined;
  }
  getBody(): string {
    return this.body;
  }
  getUnderlyingObject(): Response {
    return this.response;
  }
}

class FetchRequest implements HttpRequest {
  private readonly headers = new Headers();
  private readonly controller = new AbortController();

  constructor(
    private readonly method: string,
    private readonly url: string,
  ) {}

  getMethod(): string {
    return this.method;
  }
  getURL(): string {
    return this.url;
  }
  setHeader(header: string, value: string): void {
    this.headers.set(header, value);
  }
  getHeader(header: string): string | undefined {
    return this.headers.get(header) ?? undefined;
  }
  setProgressHandler(): void {
    // fetch reports no upload progress; the pieces are a few seconds of audio each.
  }
  async send(body?: Blob | null): Promise<HttpResponse> {
    const timer = setTimeout(() => this.controller.abort(), REQUEST_TIMEOUT_MS);
    try {
      const response = await fetch(this.url, {
        method: this.method,
        headers: this.headers,
        body: body ?? null,
        credentials: 'same-origin',
        signal: this.controller.signal,
      });
      return new FetchResponse(response, await response.text());
    } finally {
      clearTimeout(timer);
    }
  }
  abort(): Promise<void> {
    this.controller.abort();
    return Promise.resolve();
  }
  getUnderlyingObject(): AbortController {
    return this.controller;
  }
}

export class FetchHttpStack implements HttpStack {
  createRequest(method: string, url: string): HttpRequest {
    return new FetchRequest(method, url);
  }
  getName(): string {
    return 'FetchHttpStack';
  }
}
