// The module the endpoint serves is the card's sources, bundled: never stale, small, and served at
// `<mount>/link-preview.js` by every adapter (with the playground off too).
import {createServer} from 'node:http';
import type {AddressInfo} from 'node:net';
import {describe, expect, it} from '@jest/globals';
import {cardModule} from '../../src/card/card-module.js';
import {createHandler} from '../../src/endpoint/handler.js';
import {buildCardModuleSource, readCardModuleSource} from '../helpers/card-module.js';
import {frameworkMounts} from '../helpers/framework-mounts.js';

describe('src/card/card-module.ts', () => {
  it('is what tests/helpers/card-module.ts builds from the sources now (regenerate with --write)', async () => {
    expect(readCardModuleSource()).toBe(await buildCardModuleSource());
  });

  it('is one small ES module without innerHTML, eval or a URL of its own', () => {
    expect(Buffer.byteLength(cardModule)).toBeLessThan(12_000);
    expect(cardModule).not.toMatch(/innerHTML|outerHTML|insertAdjacentHTML|document\.write|\beval\(|new Function/);
    expect(cardModule).not.toMatch(/https?:\/\//);
    expect(cardModule).toMatch(/export\s*\{/);
  });
});

describe('<mount>/link-preview.js', () => {
  const mounts = [
    ['node:http (createHandler)', async () => {
      const server = createServer(createHandler({}));
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return {
        base: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
        close: () => new Promise<void>((resolve) => server.close(() => resolve())),
      };
    }],
    ...frameworkMounts.map(([name, mount]) => [name, () => mount({})] as const),
  ] as const;

  it.each(mounts)('is served by %s', async (_name, mount) => {
    const {base, close} = await mount();
    try {
      const response = await fetch(new URL('link-preview.js', base.endsWith('/') ? base : `${base}/`));
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
      expect(response.headers.get('access-control-allow-origin')).toBe('*');
      expect(await response.text()).toBe(cardModule);
    } finally {
      await close();
    }
  });
});
