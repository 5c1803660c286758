import {LinkpeekError} from '../../src/errors.js';

/** Awaits a promise that must reject with a LinkpeekError, and returns that error. */
export async function failure(promise: Promise<unknown>): Promise<LinkpeekError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!(error instanceof LinkpeekError)) throw new Error(`expected a LinkpeekError, got ${String(error)}`);
  return error;
}
