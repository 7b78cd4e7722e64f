/**
 * The bytes of a recording for tus-js-client (its FileSource), while it is being made and after:
 * pieces are appended as the recorder hands them over and dropped once the server has them.
 * Its length is unknown until `end()`, so the upload's length is deferred; a request waits for
 * a few seconds of audio rather than going out every second.
 */
export const PIECE_WAIT_MS = 3000;

interface Piece {
  start: number;
  blob: Blob;
}

export class ServerLostBytesError extends Error {
  constructor() {
    super('The server no longer has the start of this recording.');
    this.name = 'ServerLostBytesError';
  }
}

export class ChunkSource {
  /** tus-js-client reads it only when the length is not deferred, which it always is here. */
  readonly size = 0;
  private pieces: Piece[] = [];
  private kept = 0;
  private ended = false;
  private wake: (() => void)[] = [];

  constructor(
    initial: readonly { start: number; bytes: ArrayBuffer }[] = [],
    private readonly waitMs = PIECE_WAIT_MS,
  ) {
    for (const { start, bytes } of initial) {
      this.pieces.push({ start, blob: new Blob([bytes]) });
      this.kept = start + bytes.byteLength;
    }
  }

  /** Every byte appended so far, acknowledged or not. */
  get length(): number {
    return this.kept;
  }

  get isEnded(): boolean {
    return this.ended;
  }

  /** The first byte still held: 0 until the server has acknowledged a piece. */
  get firstByte(): number {
    return this.pieces[0]?.start ?? this.kept;
  }

  append(blob: Blob): number {
    const start = this.kept;
    if (blob.size === 0) return start;
    this.pieces.push({ start, blob });
    this.kept += blob.size;
    this.notify();
    return start;
  }

  /** No more bytes will come: the next request carries the length. */
  end(): void {
    this.ended = true;
    this.notify();
  }

  /** The server has every byte before `offset`. */
  acknowledge(offset: number): void {
    this.pieces = this.pieces.filter((piece) => piece.start + piece.blob.size > offset);
  }

  async slice(start: number, end: number): Promise<{ value: Blob; done: boolean }> {
    await this.until(() => this.ended || this.kept > start, Number.POSITIVE_INFINITY);
    if (!this.ended) await this.until(() => this.ended || this.kept >= end, this.waitMs);
    const stop = Math.min(end, this.kept);
    return { value: this.bytes(start, stop), done: this.ended && stop === this.kept };
  }

  close(): void {
    // The pieces stay: a failed upload is started again from this same source.
  }

  private bytes(start: number, stop: number): Blob {
    if (start === stop) return new Blob([]);
    const first = this.pieces[0];
    if (first === undefined || first.start > start) throw new ServerLostBytesError();
    const covering = this.pieces.filter(
      (piece) => piece.start < stop && piece.start + piece.blob.size > start,
    );
    return new Blob(covering.map((piece) => piece.blob)).slice(
      start - (covering[0]?.start ?? start),
      stop - (covering[0]?.start ?? start),
    );
  }

  private notify(): void {
    const waiting = this.wake;
    this.wake = [];
    for (const resolve of waiting) resolve();
  }

  private until(ready: () => boolean, timeoutMs: number): Promise<void> {
    if (ready()) return Promise.resolve();
    return new Promise((resolve) => {
      const timer =
        timeoutMs === Number.POSITIVE_INFINITY ? undefined : setTimeout(finish, timeoutMs);
      const check = () => {
        if (ready()) finish();
        else this.wake.push(check);
      };
      function finish() {
        clearTimeout(timer);
        resolve();
      }
      this.wake.push(check);
    });
  }
}
