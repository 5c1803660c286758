import {LinkpeekError} from '../errors.js';

/** Runs one task per key for every caller waiting on it; see {@link createSharedRuns}. */
export type SharedRuns<T> = (key: string, task: (signal: AbortSignal) => Promise<T>, signal?: AbortSignal) => Promise<T>;

interface Run<T> {
  promise: Promise<T>;
  controller: AbortController;
  /** Callers still waiting with a signal of their own. */
  waiting: number;
  /** A caller without a signal (a background refresh) waits until the end: never cancelled. */
  pinned: boolean;
}

/**
 * Coalesces concurrent identical work, and cancels it when nobody wants it any more: the first
 * caller of a key starts `task`, later callers of the same key share its result. A caller whose
 * `signal` aborts (the HTTP client went away) stops waiting at once with that reason, and when it
 * was the last one waiting, the task's own signal aborts, so its extraction stops too. A caller
 * without a signal keeps the task alive to the end.
 */
export function createSharedRuns<T>(): SharedRuns<T> {
  const runs = new Map<string, Run<T>>();
  return (key, task, signal) => {
    if (signal?.aborted) return Promise.reject(abortReason(signal));
    let run = runs.get(key);
    if (!run) {
      const controller = new AbortController();
      const created: Run<T> = {controller, waiting: 0, pinned: false, promise: Promise.resolve() as Promise<T>};
      created.promise = task(controller.signal).finally(() => {
        if (runs.get(key) === created) runs.delete(key);
      });
      // Every waiter may have gone before the task ends: its rejection is then nobody's to handle.
      created.promise.catch(() => {});
      runs.set(key, created);
      run = created;
    }
    const joined = run;
    if (!signal) {
      joined.pinned = true;
      return joined.promise;
    }
    joined.waiting++;
    return new Promise<T>((resolve, reject) => {
      const leave = () => {
        joined.waiting--;
        reject(abortReason(signal));
        if (joined.waiting === 0 && !joined.pinned) {
          // Nobody waits: stop the work, and let the next caller of this key start afresh.
          if (runs.get(key) === joined) runs.delete(key);
          joined.controller.abort(abortReason(signal));
        }
      };
      signal.addEventListener('abort', leave, {once: true});
      joined.promise.then(
        (value) => {
          signal.removeEventListener('abort', leave);
          resolve(value);
        },
        (error: unknown) => {
          signal.removeEventListener('abort', leave);
          reject(error);
        },
      );
    });
  };
}

function abortReason(signal: AbortSignal): unknown {
  return signal.reason instanceof LinkpeekError ? signal.reason : new LinkpeekError('EABORTED', 'The request was aborted.', {cause: signal.reason});
}
