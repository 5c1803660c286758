import {LinkpeekError, isLinkpeekError} from './errors.js';

/** One time budget shared by every stage of an `extract()` call. */
export interface Deadline {
  /** Aborts when the time is up (reason: ETIMEOUT) or the caller aborts (reason: EABORTED). */
  signal: AbortSignal;
  /** Epoch milliseconds at which the budget ends. */
  expiresAt: number;
  /** Milliseconds left, never below 0. */
  remaining(): number;
  /** Releases the timer and listeners once the work is done. */
  dispose(): void;
}

/** Starts a total time limit of `ms`, also ended by a `parent` signal (the caller's, or an outer deadline's). */
export function createDeadline(ms: number, parent?: AbortSignal): Deadline {
  const controller = new AbortController();
  const expiresAt = Date.now() + ms;
  const timer = setTimeout(
    () => controller.abort(new LinkpeekError('ETIMEOUT', `The target took longer than ${ms} ms.`)),
    ms,
  );
  // An unref'd timer never keeps the process alive on its own.
  timer.unref();
  // An outer deadline's reason (ETIMEOUT) passes through; a caller's own abort becomes EABORTED.
  const onParentAbort = () =>
    controller.abort(
      isLinkpeekError(parent?.reason)
        ? parent?.reason
        : new LinkpeekError('EABORTED', 'The request was aborted.', {cause: parent?.reason}),
    );
  const dispose = () => {
    clearTimeout(timer);
    parent?.removeEventListener('abort', onParentAbort);
  };
  if (parent?.aborted) onParentAbort();
  else parent?.addEventListener('abort', onParentAbort, {once: true});
  controller.signal.addEventListener('abort', dispose, {once: true});
  return {signal: controller.signal, expiresAt, remaining: () => Math.max(0, expiresAt - Date.now()), dispose};
}

/** A child deadline of at most `ms` that also ends with `parent`. */
export function narrowDeadline(parent: Deadline, ms: number): Deadline {
  return createDeadline(Math.max(1, Math.min(ms, parent.remaining())), parent.signal);
}
