/**
 * docs/product.md, What goes wrong: any non-success response becomes an error whose message is
 * "<status>: <body text>", or "<status>: <status text>" when the body is empty.
 * The machine code of the API's error body (docs/api.md) is kept so callers branch on codes, not text.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string | null;
  readonly serverMessage: string | null;

  constructor(status: number, statusText: string, bodyText: string) {
    super(`${status}: ${bodyText.trim() === '' ? statusText : bodyText}`);
    this.name = 'ApiError';
    this.status = status;
    const body = parseErrorBody(bodyText);
    this.code = body.error;
    this.serverMessage = body.message;
  }
}

/**
 * The server answered with success but not in the shape docs/api.md promises (a proxy's page,
 * an older or newer server): a clear error instead of a screen reading missing fields.
 */
export class ResponseShapeError extends Error {
  constructor(url: string, where: string) {
    super(`Unexpected response from the server (${url}${where === '' ? '' : `: ${where}`})`);
    this.name = 'ResponseShapeError';
  }
}

export function parseErrorBody(bodyText: string): { error: string | null; message: string | null } {
  try {
    const parsed: unknown = JSON.parse(bodyText);
    if (typeof parsed === 'object' && parsed !== null) {
      const record = parsed as Record<string, unknown>;
      return {
        error: typeof record.error === 'string' ? record.error : null,
        message: typeof record.message === 'string' ? record.message : null,
      };
    }
  } catch {
    // Not JSON (a proxy's HTML page, plain text): there is no code to read.
  }
  return { error: null, message: null };
}

export function isQuotaExceeded(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 402 || error.code === 'quota_exceeded');
}

/** A one-sentence explanation for a toast, preferring the server's human message. */
export function describeError(error: unknown): string {
  if (error instanceof ApiError) return error.serverMessage ?? error.message;
  if (error instanceof TypeError) return 'Network error. Please check your connection.';
  if (error instanceof Error) return error.message;
  return 'Something went wrong. Please try again.';
}
