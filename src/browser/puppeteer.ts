import {createRequire} from 'node:module';
import {missingDependency} from '../errors.js';
import {isMissingPackage, loadOptional} from '../shared/load-optional.js';

const importPuppeteer = () => import('puppeteer-core');
type Puppeteer = Awaited<ReturnType<typeof importPuppeteer>>;

let loaded: Puppeteer | undefined;

/**
 * puppeteer-core, imported when a browser is first needed (with ws, proxy-agent and more): a
 * page preview without `screenshot` or `prerender` never loads it.
 * @throws LinkpeekError EMISSINGDEP
 */
export async function loadPuppeteer(): Promise<Puppeteer> {
  loaded ??= await loadOptional('puppeteer-core', importPuppeteer, (name, cause) => missingDependency(name, 'A browser (`screenshot`, `prerender`)', cause));
  return loaded;
}

/**
 * True for puppeteer's TimeoutError, by name: the class would mean loading puppeteer, and a page
 * may come from a puppeteer loaded elsewhere (the caller's own copy). A DOMException named so (an
 * `AbortSignal.timeout`) is a timeout as well.
 */
export function isPuppeteerTimeout(error: unknown): boolean {
  return error instanceof Error && error.name === 'TimeoutError';
}

type KnownDevices = Puppeteer['KnownDevices'];

let devices: KnownDevices | undefined;

/**
 * puppeteer's device table, read alone (its file imports nothing) and synchronously, since options
 * are checked synchronously: asking for a `device` loads this one file, not the browser.
 * @throws LinkpeekError EMISSINGDEP
 */
export function knownDevices(): KnownDevices {
  if (devices) return devices;
  try {
    const table = createRequire(import.meta.url)('puppeteer-core/internal/common/Device.js') as {KnownDevices: KnownDevices};
    devices = table.KnownDevices;
  } catch (error) {
    throw isMissingPackage(error, 'puppeteer-core') ? missingDependency('puppeteer-core', 'The `device` option', error) : error;
  }
  return devices;
}
