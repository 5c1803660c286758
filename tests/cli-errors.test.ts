// What the CLI says when something fails (issue 25): exit codes as --help and the README state
// them, the loopback opt-in named where it would help, a refused redirect as the target's failure.
import {afterAll, beforeAll, describe, expect, it, jest} from '@jest/globals';
import {readFileSync} from 'node:fs';
import {type ErrorCode, errorCodes, faultOf, statusByCode} from '../src/errors.js';
import {runTs, start} from './helpers/child.js';
import {html, redirect, startServer, type TestServer} from './helpers/server.js';

jest.setTimeout(60_000);

let target: TestServer;
const cli = (args: string[], env: Record<string, string> = {}) => runTs('src/cli.ts', args, {LINKPEEK_ALLOW_LOOPBACK: '', ...env});

beforeAll(async () => {
  target = await startServer({'/page': html('<title>local</title>'), '/to-10': redirect('http://10.0.0.1/')});
});
afterAll(() => target.close());

/** The codes named in a text, split at the sentence that starts the exit-1 half. */
function exitClaims(text: string, splitAt: RegExp): {two: ErrorCode[]; one: ErrorCode[]; oneSaysFail: boolean} {
  const [before, after = ''] = text.split(splitAt);
  const named = (part: string) => errorCodes.filter((code) => new RegExp(`\\b${code}\\b`).test(part));
  return {two: named(before ?? ''), one: named(after), oneSaysFail: /"fail"/.test(after)};
}

describe('exit codes: --help and the README agree with each other and with the code', () => {
  it('name each code under the exit it gives, and say target failures are `fail` too', async () => {
    const {stdout} = await cli(['--help']);
    const help = stdout.slice(stdout.indexOf('Exit codes:'));
    const readme = readFileSync('README.md', 'utf8');
    const bullet = readme.slice(readme.indexOf('- `linkpeek <url>` prints'), readme.indexOf('Flags are the [query parameters]'));
    for (const [text, splitAt] of [
      [help, /; 1 when/],
      [bullet, /and `1` when/],
    ] as const) {
      const claims = exitClaims(text, splitAt);
      expect(claims.two.length).toBeGreaterThan(0);
      expect(claims.one.length).toBeGreaterThan(0);
      for (const code of claims.two) expect([code, faultOf(code)]).toEqual([code, 'caller']);
      for (const code of claims.one) expect([code, faultOf(code)]).not.toEqual([code, 'caller']);
      expect(claims.oneSaysFail).toBe(true);
    }
    // The statuses named are the ones the table gives.
    expect(help).toMatch(/HTTP 424 or 429/);
    expect(statusByCode.ERATELIMIT).toBe(429);
  });
});

describe('the loopback opt-in', () => {
  it('is named when a loopback target is refused', async () => {
    const {code, stderr} = await cli([target.url('/page')]);
    expect(code).toBe(2);
    const body = JSON.parse(stderr);
    expect(body).toMatchObject({code: 'EFORBIDDENURL', url: target.url('/page')});
    expect(body.message).toContain('--allow-loopback');
  });

  it('is not suggested for a private address, which it would not open', async () => {
    const {code, stderr} = await cli(['http://10.0.0.1/']);
    expect(code).toBe(2);
    expect(JSON.parse(stderr).message).not.toContain('--allow-loopback');
  });

  it('serve --allow-loopback warns in one line', async () => {
    const server = start(process.execPath, ['--import', 'tsx', 'src/cli.ts', 'serve', '--port', '0', '--allow-loopback', '--no-playground']);
    await server.waitFor('stderr', /listening on/);
    server.child.kill('SIGTERM');
    const {stderr} = await server.finished;
    const warnings = stderr.split('\n').filter((line) => line.includes('warning'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/--allow-loopback is on: anyone who can reach this endpoint can make it fetch 127\.0\.0\.0\/8 and ::1/);
  });

  it('serve without it prints no warning', async () => {
    const server = start(process.execPath, ['--import', 'tsx', 'src/cli.ts', 'serve', '--port', '0', '--no-playground']);
    await server.waitFor('stderr', /listening on/);
    server.child.kill('SIGTERM');
    expect((await server.finished).stderr).not.toContain('warning');
  });
});

describe('a redirect to a refused address', () => {
  it('is the target failing: EFORBIDDENURL, status fail, exit 1, no loopback hint', async () => {
    const {code, stderr} = await cli([target.url('/to-10'), '--allow-loopback', '--no-ping']);
    expect(code).toBe(1);
    const body = JSON.parse(stderr);
    expect(body).toMatchObject({status: 'fail', code: 'EFORBIDDENURL', url: target.url('/to-10'), data: {redirect: 'http://10.0.0.1/'}});
    expect(body.message).not.toContain('--allow-loopback');
  });
});
