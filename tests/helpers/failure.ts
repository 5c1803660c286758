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

/** Runs `run`, which must throw a LinkpeekError, and returns that error (anything else thrown is rethrown). */
export function thrown(run: () => unknown): LinkpeekError {
  try {
    run();
  } catch (error) {
    if (error instanceof LinkpeekError) return error;
    throw error;
  }
  throw new Error(`expected a LinkpeekError to be thrown by ${String(run)}`);
}
