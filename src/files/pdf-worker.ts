// The PDF worker's entry (a worker thread of pdf-pool.ts; its own entry in the build): pdf.js reads
// and draws here, never on the main thread.
import {serveTasks} from '../shared/worker-pool.js';
import {loadPdfJs, readPdf, warnings} from './read-pdf.js';

// pdf.js reports an image it refused by a warning: kept for the task, never printed (a library
// does not write to the console).
const collect = (...parts: unknown[]) => void warnings.push(parts.map(String).join(' '));
console.log = collect;
console.warn = collect;

serveTasks(readPdf);
// A failure to load shows in the first task, which loads it again.
loadPdfJs().catch(() => undefined);
