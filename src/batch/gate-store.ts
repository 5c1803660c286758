// What a host gate keeps per domain (slots, planned and actual starts, the adaptive rate), behind one
// interface for the two places it lives: this process's memory (host-gate.ts) and Redis
// (redis-gate-store.ts). A turn costs one call to take its slot and plan its start (and make it, when
// it is due at once), one more per wait for the rate, and one to give it back with the answer; a
// request that finds every slot taken waits to be woken by a give, not by polling.

/** What taking a turn of a domain found. */
export type Acquired =
  /** Every slot is taken: wait for a give (at most `ms`, when the earliest lease would expire). */
  | {state: 'full'; ms: number}
  /** The domain is backed off for `ms` (a `Retry-After`): no slot was taken. */
  | {state: 'blocked'; ms: number}
  /** A slot is held and the start is planned `ms` from now: ask `start` then. */
  | {state: 'wait'; ms: number}
  /** A slot is held and the start made, at `at` (the store's clock, ms). */
  | {state: 'started'; at: number};

/** An answer to a request started at `at`: `slow` for a 429 or 503. */
export interface Answered {
  slow: boolean;
  at: number;
}

export interface Store {
  /** True when `acquire` and `start` read the domain's backoff themselves (else the gate asks first). */
  readonly readsBackoff: boolean;
  /** Takes a slot for `id` when one is free and plans its start at the domain's rate (one call). */
  acquire(key: string, id: string): Promise<Acquired>;
  /** Makes the planned start of `id`'s turn when the starts of the rate's window allow it. */
  start(key: string, id: string): Promise<Acquired>;
  /** Keeps `id`'s slot alive (Redis leases expire unless renewed). */
  renew(key: string, id: string): Promise<void>;
  /** Gives `id`'s slot back and adapts the domain's rate to the answer, when one came (one call). */
  release(key: string, id: string, answer: Answered | null): Promise<void>;
  /** The wake-up count of `key` now, taken before an `acquire` whose `full` is then waited on. */
  mark(key: string): number;
  /** Waits until a slot of `key` may be free: a give since `mark`, or `ms` at most. */
  wait(key: string, mark: number, ms: number, signal: AbortSignal | undefined): Promise<void>;
  slowed(): Promise<Record<string, number>>;
  close(): Promise<void>;
}

/**
 * Waiting requests per domain, woken one per freed slot. Each wake-up bumps the domain's count, so a
 * give that came between a failed take and its wait (`mark` taken before the take) is not missed.
 */
export interface Wakeups {
  mark(key: string): number;
  /** One slot of `key` was freed: the oldest waiter retries. */
  wake(key: string): void;
  /** Resolves on a wake-up of `key` after `mark`, after `ms`, or when `signal` aborts (the caller then throws). */
  wait(key: string, mark: number, ms: number, signal: AbortSignal | undefined): Promise<void>;
  /** Domains with a request waiting now. */
  waiting(key: string): boolean;
  /** Wakes every waiter (the gate is closing). */
  wakeAll(): void;
}

export function wakeups(): Wakeups {
  const counts = new Map<string, number>();
  const waiters = new Map<string, Set<() => void>>();
  const wakeOne = (key: string) => {
    const first = waiters.get(key)?.values().next().value;
    first?.();
  };
  return {
    mark: (key) => counts.get(key) ?? 0,
    wake(key) {
      counts.set(key, (counts.get(key) ?? 0) + 1);
      wakeOne(key);
    },
    wait: (key, mark, ms, signal) =>
      new Promise<void>((resolve) => {
        if ((counts.get(key) ?? 0) !== mark || signal?.aborted) return resolve();
        const set = waiters.get(key) ?? waiters.set(key, new Set()).get(key)!;
        const done = () => {
          clearTimeout(timer);
          set.delete(done);
          if (set.size === 0) waiters.delete(key);
          signal?.removeEventListener('abort', done);
          resolve();
        };
        const timer = setTimeout(done, Math.max(1, ms));
        set.add(done);
        signal?.addEventListener('abort', done, {once: true});
      }),
    waiting: (key) => (waiters.get(key)?.size ?? 0) > 0,
    wakeAll() {
      for (const set of [...waiters.values()]) for (const done of [...set]) done();
    },
  };
}
