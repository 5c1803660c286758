import {LinkpeekError, isLinkpeekError} from './errors.js';

/** One time budget shared by every stage of an `extract()` call. */
export interface Deadline {
  /** Aborts when the time is up (reason: ETIMEOUT) or the caller aborts (reason: EABORTED). */
  signal: AbortSignal;
  /** Epoch milliseconds at which the budget ends. */
  expiresAt: number;
  /** Milliseconds left, never below 0; 0 once the signal aborted. */
  remaining(): number;
  /** Releases the timer and listeners once the work is done. */
  dispose(): void;
}

/** Starts a total time limit of `ms`, also ended by a `parent` signal (the caller's, or an outer deadline's). */
export function createDeadline(ms: number, parent?: AbortSignal): Deadline {
  return startDeadline(Date.now() + ms, ms, parent);
}

/** A child deadline of at most `ms` that also ends with `parent`. */
export function narrowDeadline(parent: Deadline, ms: number): Deadline {
  if (ms < parent.remaining()) return createDeadline(Math.max(1, ms), parent.signal);
  // The parent ends first, so only its timer may end the child. A timer of the child's own, set to
  // the whole-ms remainder, could fire a millisecond before the parent's (timers and Date.now()
  // round differently) and abort with its own ETIMEOUT instead of passing the parent's through.
  return startDeadline(parent.expiresAt, undefined, parent.signal);
}

/** A deadline ending at `expiresAt`: after `ms` by a timer of its own, or (no `ms`) only with `parent`. */
function startDeadline(expiresAt: number, ms: number | undefined, parent?: AbortSignal): Deadline {
  const controller = new AbortController();
  const timer =
    ms === undefined
      ? undefined
      : setTimeout(() => controller.abort(new LinkpeekError('ETIMEOUT', `The target took longer than ${ms} ms.`)), ms);
  // An unref'd timer never keeps the process alive on its own.
  timer?.unref();
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
  // Once ended, no time is left: the timer counts on the event loop's clock, which may fire it while
  // Date.now() is still a millisecond short of expiresAt.
  const remaining = () => (controller.signal.aborted ? 0 : Math.max(0, expiresAt - Date.now()));
  return {signal: controller.signal, expiresAt, remaining, dispose};
}
