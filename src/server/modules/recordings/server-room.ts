/*
 * What the server holds of recordings no account's idea accounts for, estimated without a sum
 * per reservation. The exact sum reads every such recording on the server (288 ms at 200,000
 * of them) and ran inside the reservations' lock, so every upload on the server waited on it.
 * Far from the cap there is nothing to decide: the total is read at most once a
 * SERVER_TOTAL_FRESH_MS, outside any transaction, and what this instance reserves is added to
 * it until the next read. Only a reservation that may come within SERVER_ROOM_MARGIN of the cap
 * takes the server's lock and sums exactly, as every reservation did before (room-locks.ts).
 */

export const SERVER_TOTAL_FRESH_MS = 1000;
/** Older than this, a reservation waits for the new sum instead of going on with the old. */
export const SERVER_TOTAL_STALE_MS = 10_000;

/**
 * The part of the server's room kept for the exact check. Within one instance the estimate is
 * never below the truth (its own reservations are added as they are made, and what frees up is
 * only seen at the next read), so the fast path cannot pass the cap there. Other instances'
 * reservations reach it at the next read: to pass the cap they would have to take more than a
 * tenth of it within one SERVER_TOTAL_FRESH_MS.
 */
export function serverRoomMargin(cap: number): number {
  return Math.ceil(cap / 10);
}

export interface ServerRoomEstimate {
  /**
   * Whether `bytes` more surely fit under `cap` with the margin to spare. When they do they are
   * counted as reserved at once (so parallel reservations here see each other); the caller
   * settles them with `settle` once its transaction has ended.
   */
  claimFarFromCap(bytes: number, cap: number): Promise<Claim | null>;
  /** Whether `bytes` more surely fit, claiming nothing: a check made before the one that counts. */
  fitsFarFromCap(bytes: number, cap: number): Promise<boolean>;
  /**
   * `bytes` reserved by the exact sum, near the cap: counted like a claim that committed, else
   * reservations on the estimate beside it would not see them until the next read.
   */
  noteReserved(bytes: number): void;
}

export interface Claim {
  /** The reservation committed (`true`) or was refused or failed (`false`). */
  settle(committed: boolean): void;
}

export function createServerRoomEstimate(
  readTotal: () => Promise<number>,
  now: () => number = Date.now,
): ServerRoomEstimate {
  let read: { total: number; at: number } | null = null;
  let reading: Promise<void> | null = null;
  // Reserved by this instance since the last read began: committed, and not yet ended.
  let committed = 0;
  let pending = 0;

  async function refresh(): Promise<void> {
    const committedBefore = committed;
    const total = await readTotal();
    // Reservations that committed while the sum ran may be in it and stay counted as well:
    // counted twice until the next read, never left out.
    committed -= committedBefore;
    read = { total, at: now() };
  }

  async function fresh(): Promise<void> {
    if (read !== null && now() - read.at < SERVER_TOTAL_FRESH_MS) return;
    reading ??= refresh().finally(() => {
      reading = null;
    });
    // A total read not long ago, with what this instance reserved since, still bounds what it
    // holds: the reservation goes on with it while the new sum runs, rather than wait for it.
    if (read !== null && now() - read.at < SERVER_TOTAL_STALE_MS) {
      reading.catch(() => undefined);
      return;
    }
    await reading;
  }

  /** False when the sum failed: the exact path, under the lock, decides instead. */
  async function freshOrNot(): Promise<boolean> {
    try {
      await fresh();
      return true;
    } catch {
      return false;
    }
  }

  function fits(bytes: number, cap: number): boolean {
    const estimate = (read?.total ?? Number.POSITIVE_INFINITY) + committed + pending;
    return estimate + bytes <= cap - serverRoomMargin(cap);
  }

  return {
    noteReserved(bytes) {
      committed += bytes;
    },

    async fitsFarFromCap(bytes, cap) {
      return (await freshOrNot()) && fits(bytes, cap);
    },

    async claimFarFromCap(bytes, cap) {
      // From the check to `pending +=` nothing awaits, so parallel claims each see the others'.
      if (!(await freshOrNot()) || !fits(bytes, cap)) return null;
      pending += bytes;
      let settled = false;
      return {
        settle(done) {
          if (settled) return;
          settled = true;
          pending -= bytes;
          if (done) committed += bytes;
        },
      };
    },
  };
}
