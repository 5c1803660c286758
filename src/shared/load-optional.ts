import {createRequire} from 'node:module';
import {LinkpeekError} from './errors.js';

/**
 * The error for a feature whose optional package is not installed: EMISSINGDEP, naming the package
 * and the command that installs it, in the message and in `data`.
 */
export function missingDependency(name: string, feature: string, cause?: unknown): LinkpeekError {
  const install = `npm install ${name}`;
  return new LinkpeekError('EMISSINGDEP', `${feature} needs the package \`${name}\`, which is not installed. Install it with \`${install}\`.`, {
    cause,
    data: {package: name, install},
  });
}

/** True when `error` says the package `name` itself cannot be found (not one of its own dependencies). */
export function isMissingPackage(error: unknown, name: string): boolean {
  const code = (error as {code?: unknown} | null)?.code;
  if (code !== 'ERR_MODULE_NOT_FOUND' && code !== 'MODULE_NOT_FOUND') return false;
  const message = String((error as {message?: unknown}).message);
  return message.includes(`'${name}'`) || message.includes(`'${name}/`);
}

/**
 * Loads an optional package on first use. `load` is the literal `() => import('name')`, so that
 * bundlers still see the import; a missing `name` becomes {@link missingDependency}, anything else
 * (a broken native binary, a missing dependency of the package) is rethrown as it is.
 * @throws LinkpeekError EMISSINGDEP
 */
export async function loadOptional<T>(name: string, feature: string, load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    throw isMissingPackage(error, name) ? missingDependency(name, feature, error) : error;
  }
}

const installed = new Set<string>();

/**
 * Checks that an optional package can be found, without loading it: for a package loaded elsewhere
 * (a worker thread), whose own failure would not say which package is missing.
 * @throws LinkpeekError EMISSINGDEP
 */
export function assertInstalled(name: string, feature: string): void {
  if (installed.has(name)) return;
  try {
    createRequire(import.meta.url).resolve(name);
  } catch (error) {
    throw isMissingPackage(error, name) ? missingDependency(name, feature, error) : error;
  }
  installed.add(name);
}
