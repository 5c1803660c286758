import {AsyncLocalStorage} from 'node:async_hooks';

// Counters a call's stages add to, for whoever runs the call to report (the endpoint's
// Server-Timing): the ads blocked in its browser pages, say. Async-local, so concurrent calls never
// mix their notes; outside `withCallNotes` nothing is counted.

/** Named counts noted during one call. */
export type CallNotes = Map<string, number>;

const current = new AsyncLocalStorage<CallNotes>();

/** Runs `task` with `notes` as the place {@link noteTaker} writes to. */
export function withCallNotes<T>(notes: CallNotes, task: () => Promise<T>): Promise<T> {
  return current.run(notes, task);
}

/**
 * A function that adds to the notes of the call running now, to be kept and called later (from an
 * event of the browser, where the call's async context is gone). Without notes, it does nothing.
 */
export function noteTaker(): (name: string, amount?: number) => void {
  const notes = current.getStore();
  return (name, amount = 1) => {
    notes?.set(name, (notes.get(name) ?? 0) + amount);
  };
}
