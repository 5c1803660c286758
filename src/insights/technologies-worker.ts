// The technologies worker's entry (a worker thread of technologies-pool.ts; its own entry in the
// build): the Wappalyzer rules load (seconds, the first time) and run (hundreds of ms a page) here,
// never on the main thread's event loop.
import {serveTasks} from '../shared/worker-pool.js';
import type {PageSignals} from './page-signals.js';
import {detectTechnologies, loadEngine} from './technologies.js';

serveTasks(async (signals: PageSignals) => ({value: await detectTechnologies(signals)}));
// The rules load as the worker starts, before its first page; a failure shows in that page's task.
loadEngine().catch(() => undefined);
