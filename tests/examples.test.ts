import {mkdtempSync, readFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {rm} from 'node:fs/promises';
import {dirname, join} from 'node:path';
import {fileURLToPath} from 'node:url';
import {describe, expect, it, jest} from '@jest/globals';

// Each example is a child process started through tsx: allow for a busy machine.
jest.setTimeout(60_000);
import {chromiumPath} from './helpers/chromium.js';
import {runTs, start} from './helpers/child.js';
import {startSampleSite} from '../examples/sample-site.js';

// Each example runs as a user would run it, against the bundled sample page on 127.0.0.1.
describe('examples/', () => {
  it('basic.ts (npm run example) prints the sample page as JSON', async () => {
    const {code, stdout, stderr} = await runTs('examples/basic.ts');
    expect({code, stderr}).toEqual({code: 0, stderr: ''});
    const result = JSON.parse(stdout);
    expect(result).toMatchObject({
      status: 'success',
      data: {
        title: 'Linkpeek sample page',
        author: 'The linkpeek authors',
        publisher: 'Linkpeek Examples',
        date: '2026-01-15T09:00:00.000Z',
        image: {type: 'png', width: 37, height: 21, size: 1227},
      },
    });
  });

  it('walls.ts gets past a consent page with a profile and a block through its proxy, and names the walls nothing passes', async () => {
    const {code, stdout, stderr} = await runTs('examples/walls.ts');
    expect({code, stderr}).toEqual({code: 0, stderr: ''});
    const [consent, block, paywall, limited] = JSON.parse(stdout);
    expect(consent).toMatchObject({title: 'Harbour lights return to the old port', recovery: {wall: {kind: 'consent', vendor: 'Didomi'}, rung: 'profile'}});
    expect(block).toMatchObject({title: 'Blue kettle', recovery: {wall: {kind: 'challenge', vendor: 'Akamai'}, rung: 'proxy'}});
    expect(block.recovery.rungs.map((rung: {rung: string}) => rung.rung)).toEqual(['oembed', 'proxy']);
    expect(paywall).toMatchObject({code: 'EWALL', data: {kind: 'paywall', publisher: 'quayside.example', logo: expect.stringMatching(/\/favicon\.ico$/)}});
    expect(paywall.message).toMatch(/paywall/);
    expect(limited).toMatchObject({code: 'ERATELIMIT', retryAfter: 30, data: {kind: 'rate-limit', publisher: 'quayside.example'}});
    expect(limited.data.logo).toBeUndefined();
  });

  it.each([
    ['node-http.ts', /Endpoint: (http:\/\/127\.0\.0\.1:\d+\/)/],
    ['express.ts', /Endpoint: (http:\/\/127\.0\.0\.1:\d+\/preview)/],
    ['koa.ts', /Endpoint: (http:\/\/127\.0\.0\.1:\d+\/)/],
    ['fastify.ts', /Endpoint: (http:\/\/127\.0\.0\.1:\d+\/preview)/],
    ['hono.ts', /Endpoint: (http:\/\/127\.0\.0\.1:\d+\/preview)/],
  ])('%s serves the endpoint, answers its own curl line and stops on SIGTERM', async (file, endpointLine) => {
    const example = start(process.execPath, ['--import', 'tsx', `examples/${file}`], {PORT: '0'});
    await example.waitFor('stdout', endpointLine);
    const [, tryUrl] = await example.waitFor('stdout', /Try: curl '([^']+)'/);
    const response = await fetch(tryUrl as string);
    expect(response.status).toBe(200);
    expect(response.headers.get('x-cache-status')).toBe('MISS');
    expect((await response.json()).data.title).toBe('Linkpeek sample page');
    example.child.kill('SIGTERM');
    const {code, stderr} = await example.finished;
    expect({code, stderr}).toEqual({code: 0, stderr: ''});
  });

  it('next/app/api/preview/route.ts answers GET the way Next.js calls it: a Request in, a Response out', async () => {
    const {GET, runtime} = await import('../examples/next/app/api/preview/route.js');
    const site = await startSampleSite();
    try {
      expect(runtime).toBe('nodejs');
      const response = await GET(new Request(`http://localhost:3000/api/preview?url=${encodeURIComponent(site.url)}`));
      expect(response).toBeInstanceOf(Response);
      expect([response.status, response.headers.get('x-cache-status')]).toEqual([200, 'MISS']);
      expect((await response.json()).data.title).toBe('Linkpeek sample page');
      const elsewhere = await GET(new Request('http://localhost:3000/api/other'));
      expect(elsewhere.status).toBe(404);
    } finally {
      await site.close();
    }
  });

  it('cli.sh runs the command with and without the loopback opt-in', async () => {
    const {code, stdout, stderr} = await start('bash', ['examples/cli.sh']).finished;
    expect(code).toBe(0);
    expect(JSON.parse(stdout).data.title).toBe('Linkpeek sample page');
    expect(stderr).toContain('"code": "EFORBIDDENURL"');
    expect(stderr).toContain('without --allow-loopback: exit 2');
  });

  (chromiumPath ? it : it.skip)(
    'card.ts screenshots the card of renderCard light and dark with the screenshot stage (the pictures of docs/card.md)',
    async () => {
      const directory = mkdtempSync(join(tmpdir(), 'linkpeek-card-example-'));
      try {
        const {code, stdout, stderr} = await runTs('examples/card.ts', [directory]);
        expect({code, stderr}).toEqual({code: 0, stderr: ''});
        const shots = stdout.trim().split('\n').map((line) => JSON.parse(line));
        expect(shots.map((shot) => [shot.colorScheme, shot.width])).toEqual([['light', 520], ['dark', 520]]);
        const [light, dark] = shots.map((shot) => readFileSync(shot.file));
        expect(light?.subarray(1, 4).toString()).toBe('PNG');
        // Dark is not light: the colour scheme reached the card.
        expect(light?.equals(dark ?? Buffer.alloc(0))).toBe(false);
      } finally {
        await rm(directory, {recursive: true, force: true});
      }
    },
    60_000,
  );

  (chromiumPath ? it : it.skip)(
    'screenshot.ts saves a PNG of the #card element to a file store',
    async () => {
      const {code, stdout} = await runTs('examples/screenshot.ts');
      expect(code).toBe(0);
      const shot = JSON.parse(stdout);
      // 480px wide + 2x24px padding + 2x2px border; the height follows the text, so fonts decide it.
      expect(shot).toMatchObject({type: 'png', width: 532, height: expect.any(Number)});
      const bytes = readFileSync(fileURLToPath(shot.url));
      expect(bytes.byteLength).toBe(shot.size);
      expect(bytes.subarray(1, 4).toString()).toBe('PNG');
      await rm(dirname(fileURLToPath(shot.url)), {recursive: true, force: true});
    },
    60_000,
  );
});
