import {afterAll, beforeAll, describe, expect, it, jest} from '@jest/globals';
import {chromiumPath, isRunning, processTree} from './helpers/chromium.js';
import {runTs, start} from './helpers/child.js';
import {html, startServer, type TestServer} from './helpers/server.js';

// Every test starts a child process through tsx: allow for a busy machine.
jest.setTimeout(60_000);

let target: TestServer;
const cli = (args: string[], env: Record<string, string> = {}) => runTs('src/cli.ts', args, env);

beforeAll(async () => {
  target = await startServer({
    '/page': html(`<html lang="en"><head><title>CLI page</title></head>
      <body><h1 id="headline" style="width:120px;height:30px;margin:0">Hi</h1></body></html>`),
    '/missing': (_request, response) => void response.writeHead(404, {'content-type': 'text/html'}).end('gone'),
    '/unavailable': (_request, response) => void response.writeHead(503, {'content-type': 'text/html'}).end('<title>Service Unavailable</title>'),
    '/slow': (_request, response) => {
      setTimeout(() => response.writeHead(200, {'content-type': 'text/html'}).end('<title>slow but complete</title>'), 800);
    },
  });
});
afterAll(() => target.close());

describe('linkpeek <url>', () => {
  it('prints the envelope as JSON on stdout and exits 0', async () => {
    const {code, stdout, stderr} = await cli([target.url('/page'), '--allow-loopback', '--no-ping']);
    expect({code, stderr}).toEqual({code: 0, stderr: ''});
    expect(JSON.parse(stdout)).toMatchObject({status: 'success', statusCode: 200, data: {title: 'CLI page', lang: 'en'}});
  });

  it('accepts the loopback opt-in from LINKPEEK_ALLOW_LOOPBACK=1 and dotted flags', async () => {
    const {code, stdout} = await cli([target.url('/page'), '--ping.audio=false', '--headers.x_demo=1'], {LINKPEEK_ALLOW_LOOPBACK: '1'});
    expect(code).toBe(0);
    expect(JSON.parse(stdout).data.title).toBe('CLI page');
  });

  it('refuses a loopback target without the opt-in: error JSON on stderr, exit 2', async () => {
    const {code, stdout, stderr} = await cli([target.url('/page')], {LINKPEEK_ALLOW_LOOPBACK: ''});
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(JSON.parse(stderr)).toMatchObject({status: 'fail', code: 'EFORBIDDENURL', url: target.url('/page')});
  });

  it('exits 1 with the error JSON when the target fails', async () => {
    const {code, stderr} = await cli([target.url('/missing'), '--allow-loopback']);
    expect(code).toBe(1);
    expect(JSON.parse(stderr)).toMatchObject({status: 'fail', code: 'EHTTP', statusCode: 404});
  });

  it.each([
    [
      ['--allow-loopback', 'URL', '--pingg'],
      {code: 'EINVALOPTION', message: 'Unknown flag `--pingg`. Did you mean `--ping`?', data: {pingg: 'is not a known parameter'}},
    ],
    [['URL', '--screenshot.width=huge'], {code: 'EINVALOPTION', message: expect.stringMatching(/^Flag `--screenshot.width` /), data: {'screenshot.width': 'must be a number'}}],
    [[], {code: 'EINVALOPTION'}],
    [['not a url'], {code: 'EINVALURL'}],
    // They shape an HTTP answer or its cache, which the CLI has not.
    [['URL', '--filter=title'], {code: 'EINVALOPTION', message: expect.stringContaining('`--filter` is for the HTTP endpoint only')}],
    [['URL', '--force'], {code: 'EINVALOPTION', message: expect.stringContaining('`--force` is for the HTTP endpoint only')}],
    [['URL', '--embed=title'], {code: 'EINVALOPTION', message: expect.stringContaining('`--embed` is for the HTTP endpoint only')}],
    [['URL', '--ttl=1d'], {code: 'EINVALOPTION', message: expect.stringContaining('`--ttl` is for the HTTP endpoint only')}],
    [['URL', '--staleTtl=0'], {code: 'EINVALOPTION', message: expect.stringContaining('`--staleTtl` is for the HTTP endpoint only')}],
    [['URL', '--cacheKey=k'], {code: 'EINVALOPTION', message: expect.stringContaining('`--cacheKey` is for the HTTP endpoint only')}],
    [['URL', '--retry', '9'], {code: 'EINVALOPTION', data: {retry: expect.any(String)}}],
  ])('rejects %j with exit 2', async (args, expected) => {
    const {code, stderr} = await cli(args.map((arg) => (arg === 'URL' ? target.url('/page') : arg)));
    expect(code).toBe(2);
    expect(JSON.parse(stderr)).toMatchObject({status: 'fail', ...expected});
  });

  it('asks a failing target 1 + --retry times (default 2)', async () => {
    const hits = () => target.hits.filter((hit) => hit === 'GET /unavailable').length;
    const once = await cli([target.url('/unavailable'), '--allow-loopback', '--no-ping', '--retry', '0']);
    expect(once.code).toBe(1);
    expect(JSON.parse(once.stderr)).toMatchObject({code: 'EHTTP', statusCode: 503});
    expect(hits()).toBe(1);
    const twice = await cli([target.url('/unavailable'), '--allow-loopback', '--no-ping', '--retry=1']);
    expect(twice.code).toBe(1);
    expect(hits()).toBe(3);
    await cli([target.url('/unavailable'), '--allow-loopback', '--no-ping']);
    expect(hits()).toBe(6);
  });

  it('prints its usage with --help', async () => {
    const {code, stdout} = await cli(['--help']);
    expect(code).toBe(0);
    expect(stdout).toContain('--allow-loopback');
    expect(stdout).toContain('linkpeek serve');
  });

  (chromiumPath ? it : it.skip)(
    'adds a screenshot of one element with --screenshot --element',
    async () => {
      const {code, stdout, stderr} = await cli([target.url('/page'), '--allow-loopback', '--no-ping', '--screenshot', '--element', '#headline']);
      expect({code, stderr}).toEqual({code: 0, stderr: ''});
      expect(JSON.parse(stdout).data.screenshot).toMatchObject({type: 'png', width: 120, height: 30, url: expect.stringMatching(/^data:image\/png;base64,/)});
    },
    60_000,
  );

  (chromiumPath ? it : it.skip)(
    'prints the page as a PDF with --pdf --pdf.format, scripts off with --javascript=false, a window with --viewport.*',
    async () => {
      const {code, stdout, stderr} = await cli([
        target.url('/page'), '--allow-loopback', '--no-ping', '--pdf', '--pdf.format=A5', '--javascript=false', '--adblock=false',
        '--screenshot', '--viewport.width=300', '--viewport.height=200', '--styles=h1 { color: red; }',
      ]);
      expect({code, stderr}).toEqual({code: 0, stderr: ''});
      const {data} = JSON.parse(stdout);
      expect(data.pdf).toMatchObject({type: 'pdf', url: expect.stringMatching(/^data:application\/pdf;base64,JVBERi0/)});
      expect(data.screenshot).toMatchObject({width: 300, height: 200});
    },
    60_000,
  );
});

describe('linkpeek serve', () => {
  it('answers queries, drains a request in flight on SIGTERM, closes the browser and exits 0', async () => {
    const server = start(process.execPath, ['--import', 'tsx', 'src/cli.ts', 'serve', '--port', '0', '--allow-loopback']);
    const [, base] = await server.waitFor('stderr', /listening on (http:\/\/127\.0\.0\.1:\d+\/)/);
    const ok = await fetch(`${base}?url=${encodeURIComponent(target.url('/page'))}&ping=false`);
    expect(ok.status).toBe(200);
    expect((await ok.json()).data.title).toBe('CLI page');

    let browser: number[] = [];
    if (chromiumPath) {
      const shot = await fetch(`${base}?url=${encodeURIComponent(target.url('/page'))}&ping=false&embed=screenshot.url`);
      expect(shot.headers.get('content-type')).toBe('image/png');
      browser = processTree(server.child.pid as number).slice(1);
      expect(browser.length).toBeGreaterThan(0);
    }

    const slowHits = target.hits.filter((hit) => hit.startsWith('GET /slow')).length;
    const inFlight = fetch(`${base}?url=${encodeURIComponent(target.url('/slow'))}&ping=false`);
    while (target.hits.filter((hit) => hit.startsWith('GET /slow')).length === slowHits) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    server.child.kill('SIGTERM');
    const drained = await inFlight;
    expect(drained.status).toBe(200);
    expect((await drained.json()).data.title).toBe('slow but complete');
    const {code, stderr} = await server.finished;
    expect(code).toBe(0);
    expect(stderr).toContain('SIGTERM');
    expect(browser.filter(isRunning)).toEqual([]);
    await expect(fetch(base as string)).rejects.toThrow();
  }, 60_000);

  // Stop signals at the worst moments (#32). A preload makes the child signal itself, so the moment is
  // exact: process.kill on its own pid delivers the signal before it returns, and with no handler
  // installed yet a SIGTERM kills the process there (exit by signal, no drain).
  const preload = (code: string) => `data:text/javascript,${encodeURIComponent(code)}`;
  const serveWith = (code: string, args: string[] = []) =>
    start(process.execPath, ['--import', 'tsx', '--import', preload(code), 'src/cli.ts', 'serve', '--port', '0', '--no-playground', ...args]);
  /**
   * Sends itself `signals` when the endpoint calls `listen`, each once serve's listener handled the one
   * before, and listens only after the last: they all arrive while it starts, whatever the load.
   */
  const signalsBeforeListen = (signals: NodeJS.Signals[]) => `import net from 'node:net';
    const signals = ${JSON.stringify(signals)};
    let next = () => {};
    const on = process.on;
    process.on = function (name, listener) {
      return on.call(this, name, signals.includes(name) ? (...args) => (listener(...args), next()) : listener);
    };
    const listen = net.Server.prototype.listen;
    net.Server.prototype.listen = function (...args) {
      const queue = [...signals];
      // Not listening yet, nothing else keeps node up to read the signals.
      const alive = setInterval(() => {}, 1_000);
      next = () => {
        const signal = queue.shift();
        if (signal) return process.kill(process.pid, signal);
        next = () => {};
        clearInterval(alive);
        listen.apply(this, args);
      };
      next();
      return this;
    };`;

  it('drains and exits 0 on a SIGTERM delivered while it writes "listening on"', async () => {
    const server = serveWith(
      `const write = process.stderr.write.bind(process.stderr);
      process.stderr.write = (chunk, ...rest) => {
        const done = write(chunk, ...rest);
        if (String(chunk).includes('listening on')) process.kill(process.pid, 'SIGTERM');
        return done;
      };`,
      ['--allow-loopback'],
    );
    const {code, signal, stderr} = await server.finished;
    expect({code, signal}).toEqual({code: 0, signal: null});
    expect(stderr).toMatch(/listening on [^\n]+\n.*warning: --allow-loopback is on[^\n]+\n.*SIGTERM, draining/s);
  });

  it('exits 0 on a SIGTERM that arrives before it listens, and never says it listens', async () => {
    const {code, signal, stderr} = await serveWith(signalsBeforeListen(['SIGTERM'])).finished;
    expect({code, signal}).toEqual({code: 0, signal: null});
    expect(stderr).toContain('SIGTERM, draining');
    expect(stderr).not.toContain('listening on');
  });

  it('exits 1 at once on a second signal while it starts', async () => {
    const {code, signal, stderr} = await serveWith(signalsBeforeListen(['SIGTERM', 'SIGINT'])).finished;
    expect({code, signal}).toEqual({code: 1, signal: null});
    expect(stderr).not.toContain('listening on');
  });

  it('exits 0 on a SIGTERM sent as soon as it prints anything', async () => {
    const server = start(process.execPath, ['--import', 'tsx', 'src/cli.ts', 'serve', '--port', '0', '--no-playground']);
    server.child.stderr?.once('data', () => server.child.kill('SIGTERM'));
    const {code, signal, stderr} = await server.finished;
    expect({code, signal}).toEqual({code: 0, signal: null});
    expect(stderr).toContain('listening on');
  });

  it('rejects query-only flags', async () => {
    const {code, stderr} = await cli(['serve', '--screenshot']);
    expect(code).toBe(2);
    expect(JSON.parse(stderr)).toMatchObject({code: 'EINVALOPTION'});
  });
});
