import {readdirSync, readFileSync} from 'node:fs';
import {setTimeout as sleep} from 'node:timers/promises';

interface ProcessStat {
  ppid: number;
  state: string;
}

// /proc/<pid>/stat: "pid (comm) state ppid ...", where comm may itself contain spaces and parens.
function readStat(pid: number): ProcessStat | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const [state, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return {state: state ?? '', ppid: Number(ppid)};
  } catch {
    return undefined;
  }
}

/** The descendants of `pid`, read from /proc (an empty list where there is no /proc). */
export function descendantPids(pid: number): number[] {
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return [];
  }
  const children = new Map<number, number[]>();
  for (const entry of entries) {
    const child = Number(entry);
    const stat = Number.isInteger(child) ? readStat(child) : undefined;
    if (stat) children.set(stat.ppid, [...(children.get(stat.ppid) ?? []), child]);
  }
  const tree: number[] = [];
  for (let queue = [pid]; queue.length > 0; ) {
    const next = children.get(queue.shift() as number) ?? [];
    tree.push(...next);
    queue.push(...next);
  }
  return tree;
}

/** True while `pid` runs; an exited process that nobody reaped yet (a zombie) has ended. */
export function isAlive(pid: number): boolean {
  const stat = readStat(pid);
  return stat !== undefined && stat.state !== 'Z';
}

/**
 * Waits until none of `pids` runs, killing the survivors after `graceMs`: Chromium's helper
 * processes outlive the browser process for a moment, and a leftover one would hold memory.
 */
export async function waitForExit(pids: readonly number[], graceMs = 2_000): Promise<void> {
  const until = Date.now() + graceMs;
  let living = pids.filter(isAlive);
  while (living.length > 0 && Date.now() < until) {
    await sleep(25);
    living = living.filter(isAlive);
  }
  for (const pid of living) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Gone in the meantime.
    }
  }
  for (let tries = 0; tries < 40 && living.some(isAlive); tries++) await sleep(25);
}

/**
 * Resident memory of `pid` and its descendants, in bytes: the sum of each process's `VmRSS` from
 * /proc (about 1 ms for a Chromium tree). Pages shared between the processes are counted once per
 * process, so the sum is higher than the memory really used (about 2x for Chromium). `undefined`
 * where there is no /proc or `pid` is gone.
 */
export function treeRss(pid: number): number | undefined {
  let total: number | undefined;
  for (const member of [pid, ...descendantPids(pid)]) {
    try {
      const kb = /^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${member}/status`, 'utf8'))?.[1];
      if (kb !== undefined) total = (total ?? 0) + Number(kb) * 1024;
    } catch {
      // Gone in the meantime.
    }
  }
  return total;
}
