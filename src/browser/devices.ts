import leven from 'leven';
import {invalidOption} from '../option-checks.js';
import type {DeviceDescriptor} from './provider.js';
import {knownDevices} from './puppeteer.js';

let table: ReadonlyMap<string, DeviceDescriptor> | undefined;

/** puppeteer's `KnownDevices` by lower-case name, read on the first `device` asked for. */
function devices(): ReadonlyMap<string, DeviceDescriptor> {
  table ??= new Map(
    Object.entries(knownDevices()).map(([name, device]) => [
      name.toLowerCase(),
      {
        name,
        userAgent: device.userAgent,
        viewport: {
          width: device.viewport.width,
          height: device.viewport.height,
          deviceScaleFactor: device.viewport.deviceScaleFactor ?? 1,
          isMobile: device.viewport.isMobile ?? false,
          hasTouch: device.viewport.hasTouch ?? false,
          isLandscape: device.viewport.isLandscape ?? false,
        },
      } satisfies DeviceDescriptor,
    ]),
  );
  return table;
}

/** The names of every device `device` accepts (puppeteer's `KnownDevices`), e.g. `iPhone 15`. */
export function deviceNames(): string[] {
  return [...devices().values()].map((device) => device.name);
}

/**
 * The descriptor of the device named `name` (puppeteer's `KnownDevices`, case-insensitive, spaces
 * around ignored).
 * @throws LinkpeekError EINVALOPTION naming `device`, with the three nearest names; EMISSINGDEP without puppeteer-core
 */
export function resolveDevice(name: unknown): DeviceDescriptor {
  if (typeof name !== 'string' || name.trim() === '') throw invalidOption('device', 'must be a device name such as `iPhone 15`', name);
  const found = devices().get(name.trim().toLowerCase().replace(/\s+/g, ' '));
  if (found) return {...found, viewport: {...found.viewport}};
  const wanted = name.trim().toLowerCase();
  const nearest = deviceNames()
    .map((candidate) => ({candidate, distance: leven(wanted, candidate.toLowerCase())}))
    .sort((a, b) => a.distance - b.distance || a.candidate.localeCompare(b.candidate))
    .slice(0, 3)
    .map(({candidate}) => `\`${candidate}\``);
  throw invalidOption('device', `is not a known device (nearest: ${nearest.join(', ')})`, name);
}
