import {createRequire} from 'node:module';

/** True when `error` says the package `name` itself cannot be found (not one of its own dependencies). */
export function isMissingPackage(error: unknown, name: string): boolean {
  const code = (error as {code?: unknown} | null)?.code;
  if (code !== 'ERR_MODULE_NOT_FOUND' && code !== 'MODULE_NOT_FOUND') return false;
  const message = String((error as {message?: unknown}).message);
  return message.includes(`'${name}'`) || message.includes(`'${name}/`);
}

/** The error a missing package becomes: errors.ts's `missingDependency` for the feature (shared/ imports nothing). */
export type MissingPackage = (name: string, cause: unknown) => Error;

/**
 * Loads an optional package on first use. `load` is the literal `() => import('name')`, so that
 * bundlers still see the import; a missing `name` becomes `missing(name)`, anything else (a broken
 * native binary, a missing dependency of the package) is rethrown as it is.
 */
export async function loadOptional<T>(name: string, load: () => Promise<T>, missing: MissingPackage): Promise<T> {
  try {
    return await load();
  } catch (error) {
    throw isMissingPackage(error, name) ? missing(name, error) : error;
  }
}

const installed = new Set<string>();

/**
 * Checks that an optional package can be found, without loading it: for a package loaded elsewhere
 * (a worker thread), whose own failure would not say which package is missing.
 */
export function assertInstalled(name: string, missing: MissingPackage): void {
  if (installed.has(name)) return;
  try {
    createRequire(import.meta.url).resolve(name);
  } catch (error) {
    throw isMissingPackage(error, name) ? missing(name, error) : error;
  }
  installed.add(name);
}
