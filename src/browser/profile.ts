import {mkdtemp, readdir, rm} from 'node:fs/promises';
import {tmpdir} from 'node:os';
import {join} from 'node:path';

// The owner's pid is part of the name, so a later process can tell which profiles are orphaned.
const profilePrefix = 'linkpeek-chromium-';

/** Creates an empty Chromium profile directory in the OS temp dir, named after this process. */
export function createProfileDir(): Promise<string> {
  return mkdtemp(join(tmpdir(), `${profilePrefix}${process.pid}-`));
}

/**
 * Removes a profile directory. The retries cover Chromium's helper processes, which may still
 * write to it for a moment after the browser exited (CHROMIUM.md §1.1).
 */
export function removeProfileDir(dir: string): Promise<void> {
  return rm(dir, {recursive: true, force: true, maxRetries: 10, retryDelay: 100});
}

/**
 * Removes the profiles of linkpeek processes that no longer run: a process killed before it could
 * clean up leaves its profile behind (CHROMIUM.md §1.2). Never throws.
 */
export async function sweepStaleProfiles(): Promise<void> {
  const names = await readdir(tmpdir()).catch(() => [] as string[]);
  await Promise.all(
    names
      .filter((name) => name.startsWith(profilePrefix))
      .filter((name) => !isAlive(Number(name.slice(profilePrefix.length).split('-')[0])))
      .map((name) => rm(join(tmpdir(), name), {recursive: true, force: true, maxRetries: 2}).catch(() => {})),
  );
}

function isAlive(processId: number): boolean {
  // A name we cannot parse is not ours to judge: keep it.
  if (!Number.isInteger(processId) || processId <= 0) return true;
  try {
    process.kill(processId, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
