// A small pool of worker threads for decoders whose cost the input decides (a PDF's page, an image
// to colour): they run where they cannot hold the event loop, under V8 heap limits, and a task whose
// call ends is stopped by ending its worker (issue 32). Imports node built-ins only, so the files and
// palette stages can both use it.
import {mkdir, rename} from 'node:fs/promises';
import {createRequire} from 'node:module';
import {dirname, join} from 'node:path';
import {fileURLToPath, pathToFileURL} from 'node:url';
import {parentPort, type ResourceLimits, Worker, type WorkerOptions} from 'node:worker_threads';

/** How a {@link createWorkerPool} pool starts its workers. */
export interface WorkerPoolOptions {
  /** The worker module's name, next to the module creating the pool (`pdf-worker`: `./pdf-worker.js` in dist/, `./pdf-worker.ts` in src/). */
  name: string;
  /** `import.meta.url` of the module creating the pool. */
  base: string;
  /** Workers at most; tasks beyond wait for one (within their own deadline). */
  size: number;
  /** V8 limits of each worker (heap and stack; buffers outside the heap are bounded by the decoders' own limits). */
  resourceLimits: ResourceLimits;
  /** An idle worker ends after this long. @default 30_000 */
  idleMs?: number;
}

/** What a task may do besides answering: ask the main thread for something, report what it has so far. */
export interface TaskHooks {
  /** Answers a worker's `ask(payload)` (e.g. bytes of a file read by range). */
  onRequest?: (payload: unknown) => Promise<unknown>;
  /** Receives a worker's `progress(payload)`. */
  onProgress?: (payload: unknown) => void;
}

/** A pool of worker threads that run one task each at a time. */
export interface WorkerPool {
  /**
   * Runs `task` on a free worker (started on first use) and resolves with its answer. When `signal`
   * aborts first, the worker is ended at once (`terminate()`) and replaced on next use, and the
   * promise rejects with the signal's reason.
   * @throws WorkerStoppedError when the worker ended on its own (out of memory, crashed)
   */
  run<T>(task: unknown, signal: AbortSignal, hooks?: TaskHooks, transfer?: ArrayBuffer[]): Promise<T>;
  /** Workers alive now (busy or idle). */
  readonly workers: number;
  /** Ends every worker. */
  close(): Promise<void>;
}

/** The worker of a task ended before answering: `code` is Node's (`ERR_WORKER_OUT_OF_MEMORY`…) or `EWORKEREXIT`. */
export class WorkerStoppedError extends Error {
  readonly code: string;
  constructor(message: string, code: string) {
    super(message);
    this.name = 'WorkerStoppedError';
    this.code = code;
  }
}

/** The task's own code threw in the worker: its message, the worker kept. */
export class WorkerTaskError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WorkerTaskError';
  }
}

type FromWorker =
  | {type: 'done'; value: unknown}
  | {type: 'failed'; message: string}
  | {type: 'request'; requestId: number; payload: unknown}
  | {type: 'progress'; payload: unknown};

interface Slot {
  worker: Worker;
  busy: boolean;
  idleTimer?: NodeJS.Timeout;
}

/** A pool of at most `options.size` worker threads, started on first use and never keeping the process alive while idle. */
export function createWorkerPool(options: WorkerPoolOptions): WorkerPool {
  const slots: Slot[] = [];
  const waiting: Array<() => void> = [];
  const idleMs = options.idleMs ?? 30_000;
  let script: Promise<[URL, WorkerOptions]> | undefined;
  const scriptReady = () => {
    script ??= workerScript(options.name, options.base, options.resourceLimits).catch((error: unknown) => {
      script = undefined;
      throw error;
    });
    return script;
  };
  let resolved: [URL, WorkerOptions] | undefined;

  const remove = (slot: Slot) => {
    const index = slots.indexOf(slot);
    if (index !== -1) slots.splice(index, 1);
    clearTimeout(slot.idleTimer);
    waiting.shift()?.();
  };
  const start = (): Slot => {
    const worker = new Worker(...resolved!);
    const slot: Slot = {worker, busy: true};
    // An idle worker that fails or exits is dropped; a busy one's task hears it itself.
    worker.on('error', () => undefined).on('exit', () => remove(slot));
    slots.push(slot);
    return slot;
  };
  const release = (slot: Slot) => {
    slot.busy = false;
    // Idle, it never keeps the process alive, and ends after a while to give its memory back.
    slot.worker.unref();
    slot.idleTimer = setTimeout(() => void slot.worker.terminate(), idleMs);
    slot.idleTimer.unref();
    waiting.shift()?.();
  };
  const acquire = async (signal: AbortSignal): Promise<Slot> => {
    resolved ??= await scriptReady();
    for (;;) {
      signal.throwIfAborted();
      const free = slots.find((slot) => !slot.busy);
      if (free) {
        free.busy = true;
        clearTimeout(free.idleTimer);
        return free;
      }
      if (slots.length < options.size) return start();
      await new Promise<void>((resolve, reject) => {
        const wake = () => {
          signal.removeEventListener('abort', onAbort);
          resolve();
        };
        const onAbort = () => {
          const index = waiting.indexOf(wake);
          if (index !== -1) waiting.splice(index, 1);
          reject(signal.reason);
        };
        waiting.push(wake);
        signal.addEventListener('abort', onAbort, {once: true});
      });
    }
  };

  return {
    async run<T>(task: unknown, signal: AbortSignal, hooks: TaskHooks = {}, transfer: ArrayBuffer[] = []): Promise<T> {
      const slot = await acquire(signal);
      const {worker} = slot;
      // Busy, it keeps the process alive: the caller is waiting for it.
      worker.ref();
      return await new Promise<T>((resolve, reject) => {
        let settled = false;
        const finish = (end: boolean, settle: () => void) => {
          if (settled) return;
          settled = true;
          worker.off('message', onMessage).off('error', onError).off('exit', onExit);
          signal.removeEventListener('abort', onAbort);
          if (end) {
            remove(slot);
            void worker.terminate();
            // A spare starts at once, so that the next task does not pay for loading its libraries.
            if (slots.length < options.size) release(start());
          } else release(slot);
          settle();
        };
        const onAbort = () => finish(true, () => reject(signal.reason));
        const onError = (error: Error & {code?: string}) => finish(true, () => reject(new WorkerStoppedError(error.message, error.code ?? 'EWORKERERROR')));
        const onExit = (code: number) => finish(true, () => reject(new WorkerStoppedError(`The worker exited with code ${code}.`, 'EWORKEREXIT')));
        const onMessage = (message: FromWorker) => {
          if (message.type === 'done') finish(false, () => resolve(message.value as T));
          else if (message.type === 'failed') finish(false, () => reject(new WorkerTaskError(message.message)));
          else if (message.type === 'progress') hooks.onProgress?.(message.payload);
          else if (message.type === 'request') {
            const answer = hooks.onRequest ? hooks.onRequest(message.payload) : Promise.reject(new Error('No request handler.'));
            answer.then(
              (value) => settled || worker.postMessage({type: 'reply', requestId: message.requestId, value}),
              (error: unknown) => settled || worker.postMessage({type: 'reply', requestId: message.requestId, error: String(error)}),
            );
          }
        };
        worker.on('message', onMessage).on('error', onError).on('exit', onExit);
        signal.addEventListener('abort', onAbort, {once: true});
        if (signal.aborted) return onAbort();
        worker.postMessage({type: 'task', task}, transfer);
      });
    },
    get workers() {
      return slots.length;
    },
    async close() {
      await Promise.all(slots.splice(0).map((slot) => (clearTimeout(slot.idleTimer), slot.worker.terminate())));
    },
  };
}

/** What a task handler gets besides its input. */
export interface TaskContext {
  /** Asks the main thread (its `onRequest`) and waits for the answer. */
  ask(payload: unknown): Promise<unknown>;
  /** Sends what is known so far (its `onProgress`). */
  progress(payload: unknown): void;
}

/** Serves tasks in a worker module: `handler` answers each one; what it resolves is posted back, with `transfer` moved rather than copied. */
export function serveTasks(handler: (task: never, context: TaskContext) => Promise<{value: unknown; transfer?: ArrayBuffer[]}>): void {
  const port = parentPort;
  if (!port) throw new Error('serveTasks() runs in a worker thread.');
  let nextRequest = 0;
  const pending = new Map<number, {resolve: (value: unknown) => void; reject: (error: Error) => void}>();
  const context: TaskContext = {
    ask: (payload) =>
      new Promise((resolve, reject) => {
        const requestId = nextRequest++;
        pending.set(requestId, {resolve, reject});
        port.postMessage({type: 'request', requestId, payload});
      }),
    progress: (payload) => port.postMessage({type: 'progress', payload}),
  };
  port.on('message', (message: {type: 'task'; task: never} | {type: 'reply'; requestId: number; value?: unknown; error?: string}) => {
    if (message.type === 'reply') {
      const waiter = pending.get(message.requestId);
      pending.delete(message.requestId);
      if (message.error !== undefined) waiter?.reject(new Error(message.error));
      else waiter?.resolve(message.value);
      return;
    }
    handler(message.task, context).then(
      ({value, transfer}) => port.postMessage({type: 'done', value}, transfer ?? []),
      (error: unknown) => port.postMessage({type: 'failed', message: error instanceof Error ? error.message : String(error)}),
    );
  });
}

/**
 * The `new Worker()` arguments for the module `name` next to `base`: the built `.js` file in dist/.
 * Running from src/ (ts-jest, tsx), the `.ts` entry is first bundled with esbuild (a dev
 * dependency) into node_modules/.cache/linkpeek/, where its packages resolve: a worker does not
 * inherit tsx's loader on Node 20, and registering it in each worker costs seconds on a busy machine.
 */
async function workerScript(name: string, base: string, resourceLimits: ResourceLimits): Promise<[URL, WorkerOptions]> {
  if (!new URL(base).pathname.endsWith('.ts')) return [new URL(`./${name}.js`, base), {resourceLimits}];
  const {build} = (await import(pathToFileURL(createRequire(base).resolve('esbuild')).href)) as typeof import('esbuild');
  const root = dirname(createRequire(base).resolve('esbuild/package.json')).replace(/[\\/]esbuild$/, '');
  const output = join(root, '.cache', 'linkpeek', `${name}.mjs`);
  const temporary = `${output}.${process.pid}.${Date.now()}`;
  await mkdir(dirname(output), {recursive: true});
  await build({entryPoints: [fileURLToPath(new URL(`./${name}.ts`, base))], outfile: temporary, bundle: true, packages: 'external', format: 'esm', platform: 'node', target: 'node20', logLevel: 'silent'});
  // Renamed into place whole: processes building it at once (jest's workers) never read half a file.
  await rename(temporary, output);
  return [pathToFileURL(output), {resourceLimits}];
}
