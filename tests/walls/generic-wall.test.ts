// The generic signals (src/walls/generic-wall.ts): walls no row of the table names are still walls,
// every look-alike is its own page, each vendor row's fixtures are walls without that row, and
// what the generic verdict says is its evidence. Fixtures: tests/fixtures/walls/generic.
import {afterAll, beforeAll, describe, expect, it, jest} from '@jest/globals';
import {LinkpeekError} from '../../src/errors.js';
import {createExtractor} from '../../src/extract.js';
import {parseHtml} from '../../src/parse/parse-html.js';
import {detectWall} from '../../src/walls/detect-wall.js';
import {shapeSignals, signalWeights, wallThreshold} from '../../src/walls/generic-wall.js';
import {pageFacts} from '../../src/walls/page-facts.js';
import {defaultWallSignatures} from '../../src/walls/signatures.js';
import {wallSettled} from '../../src/walls/wall-settled.js';
import {titleWording} from '../../src/walls/wordings.js';
import {isLoopback} from '../helpers/policy.js';
import {caseInput, caseLookup, genericCases, startCaseServer, wallCases, type CaseServer} from './cases.js';

jest.setTimeout(60_000);

const walls = genericCases.filter((entry) => entry.kind !== null);
const lookAlikes = [...genericCases.filter((entry) => entry.kind === null), ...wallCases.filter((entry) => entry.wall === null)];
const withSnapshot = (input: ReturnType<typeof caseInput>) => ({...input, snapshot: parseHtml(input.html)});

describe('walls no row names', () => {
  it('the set has every kind the issue lists: captcha widgets of six services, translated challenges, consent managers, login redirects, barriers', () => {
    expect(walls.length).toBeGreaterThanOrEqual(20);
    expect(new Set(walls.map((entry) => entry.kind))).toEqual(new Set(['captcha', 'challenge', 'consent', 'login', 'paywall']));
  });

  it.each(walls.map((entry) => [entry.file, entry] as const))('%s is a wall of its kind', (_file, entry) => {
    const input = caseInput(entry);
    for (const answer of [input, withSnapshot(input)]) {
      const wall = detectWall(answer);
      expect({signature: wall?.signature, kind: wall?.kind}).toEqual({signature: 'generic', kind: entry.kind});
      expect(wall?.score).toBeGreaterThanOrEqual(wallThreshold);
    }
    // Off, the table alone does not name it.
    expect(detectWall(input, defaultWallSignatures, {generic: false})).toBeNull();
  });
});

describe('look-alikes', () => {
  it('include a privacy policy, a help article about browsers, a pricing page, a login page shared on purpose, an article about bots, an app shell', () => {
    const files = lookAlikes.map((entry) => entry.file);
    for (const kind of ['privacy', 'browser', 'pricing', 'login-shared', 'bots', 'app-shell']) expect(files.some((file) => file.includes(kind))).toBe(true);
  });

  it.each(lookAlikes.map((entry) => [entry.file, entry] as const))('%s is its own page', (_file, entry) => {
    const input = caseInput(entry);
    expect(detectWall(input)).toBeNull();
    expect(detectWall(withSnapshot(input))).toBeNull();
    // Nor do the generic signals alone call it a wall.
    expect(detectWall(input, [])).toBeNull();
  });
});

describe('leave one vendor out: without its row, the generic signals still call its fixtures walls', () => {
  const vendorRows = defaultWallSignatures.filter((row) => row.vendor !== undefined);
  const rows = vendorRows.flatMap((row) => wallCases.filter((entry) => entry.wall === row.id).map((entry) => [row.id, entry.file, entry] as const));

  it('covers every vendor row', () => {
    expect(new Set(rows.map(([id]) => id))).toEqual(new Set(vendorRows.map((row) => row.id)));
  });

  it.each(rows)('%s (%s)', (id, _file, entry) => {
    const table = defaultWallSignatures.filter((row) => row.id !== id);
    const wall = detectWall(withSnapshot(caseInput(entry)), table);
    expect(wall).not.toBeNull();
    expect(wall?.signature).not.toBe(id);
  });

  it.each(rows)('%s (%s), with no row at all', (_id, _file, entry) => {
    // The strictest form: the generic signals alone, the 429s aside (http-429 names no vendor).
    if (entry.statusCode === 429) return;
    expect(detectWall(caseInput(entry), [])?.signature).toBe('generic');
  });
});

describe('what a generic wall says', () => {
  const entry = (file: string) => genericCases.find((candidate) => candidate.file === `generic/${file}`) ?? wallCases.find((candidate) => candidate.file === file);

  it('lists each signal with its weight, the real page evidence subtracted, and the balance', () => {
    const wall = detectWall(caseInput(entry('sign-in-to-continue.html')!));
    expect(wall).toMatchObject({kind: 'login', signature: 'generic'});
    expect(wall?.evidence).toEqual(
      expect.arrayContaining(['+3 title-wording: title "Sign in to continue"', '+1 login-form: a password field', '+1 no-content-metadata: no description, article meta or content JSON-LD']),
    );
    const sum = (wall?.evidence ?? []).reduce((total, line) => total + Number(line.split(' ')[0]), 0);
    expect(sum).toBe(wall?.score);
  });

  it('a thin page alone is no wall: one signal must be more than its shape', () => {
    const shell = caseInput(entry('lookalike-app-shell.html')!);
    expect(detectWall(shell, [])).toBeNull();
    // The same shell behind a 403 has one signal more than its shape, and no title of its own.
    const blocked = {...shell, statusCode: 403, html: shell.html.replace('<title>Harbour Planner</title>', '')};
    expect(detectWall(blocked, [])).toMatchObject({signature: 'generic', kind: 'challenge'});
    expect([...shapeSignals].every((name) => signalWeights[name] === 1)).toBe(true);
  });

  it('a redirect from a content URL to a login path is a login wall; the login page asked for itself is not', () => {
    const walled = caseInput(entry('login-redirect.html')!);
    expect(detectWall(walled, [])?.evidence).toContain('+4 wall-redirect: redirected to git.harbour.example/users/sign_in');
    expect(detectWall({...walled, redirects: ['https://git.harbour.example/users/sign_in/']}, [])).toBeNull();
  });

  it('an error status with a body unlike content: a script-only 503 with a meta refresh', () => {
    const wall = detectWall(caseInput(entry('meta-refresh-503.html')!));
    expect(wall?.evidence.map((line) => line.split(':')[0])).toEqual(
      expect.arrayContaining(['+1 error-status', '+1 little-text', '+1 script-only', '+1 meta-refresh', '+1 no-own-title']),
    );
  });

  it('carries Retry-After as the rows do', () => {
    const input = caseInput(entry('meta-refresh-503.html')!);
    expect(detectWall({...input, headers: {...input.headers, 'retry-after': '30'}})?.retryAfter).toBe(30_000);
  });
});

describe('evidence of a real page weighs against a row matched on the page\'s own words', () => {
  const subscribe = genericCases.find((entry) => entry.file === 'generic/lookalike-subscribe-no-og.html')!;

  it('paywall-barrier matches the newsletter page by its title, and stands down before its description, heading and text', () => {
    const row = defaultWallSignatures.find((signature) => signature.id === 'paywall-barrier')!;
    const input = caseInput(subscribe);
    // The row's own markers hold (the page has no og tags, no article JSON-LD)...
    expect(pageFacts(input).title()).toMatch(/^Subscribers only/);
    // ...and the real page's evidence makes it stand down.
    expect(detectWall(input, [row])).toBeNull();
  });

  it('a row that saw what only a wall is sent with (an error status, a header) does not stand down', () => {
    const row = {id: 'quay-block', kind: 'challenge' as const, all: [{status: 403}, {title: /^Subscribers only/}]};
    const input = {...caseInput(subscribe), statusCode: 403};
    expect(detectWall(input, [row])?.signature).toBe('quay-block');
  });
});

describe('wallSettled with the generic signals', () => {
  it('a head with its own title and a description is settled; a thin or worded one is read whole', () => {
    const answer = {statusCode: 200, headers: {}, url: 'https://news.example.com/a', html: ''};
    const head = (inner: string) => ({...answer, snapshot: parseHtml(`<html><head>${inner}</head>`)});
    expect(wallSettled(head('<title>Harbour lights</title><meta name="description" content="The lamps along the quay are lit again.">'))).toBe(true);
    expect(wallSettled(head('<title>Harbour lights</title>'))).toBe(false);
    expect(wallSettled(head('<title>Un instant…</title><meta name="description" content="x">'))).toBe(false);
    expect(wallSettled(head('<title>Harbour lights</title>'), defaultWallSignatures, {generic: false})).toBe(true);
  });
});

describe('wordings in the languages links are pasted in', () => {
  it.each([
    ['Just a moment...', 'challenge'], ['Einen Moment bitte…', 'challenge'], ['Un instant…', 'challenge'], ['Un momento…', 'challenge'],
    ['Solo un momento...', 'challenge'], ['Só um momento...', 'challenge'], ['Even geduld...', 'challenge'], ['Chwileczkę…', 'challenge'],
    ['Bir dakika...', 'challenge'], ['Один момент…', 'challenge'], ['しばらくお待ちください...', 'challenge'], ['请稍候…', 'challenge'],
    ['잠시만 기다려 주십시오…', 'challenge'], ['Access Denied', 'challenge'], ['Pardon Our Interruption', 'challenge'],
    ['Sign in to continue', 'login'], ['Log in | Harbour', 'login'], ['Anmelden', 'login'], ['Connexion – Le Quai', 'login'], ['Iniciar sesión', 'login'],
    ['Accedi', 'login'], ['Entrar', 'login'], ['Inloggen', 'login'], ['Zaloguj się', 'login'], ['Giriş yap', 'login'], ['Войти', 'login'],
    ['ログイン', 'login'], ['登录', 'login'], ['로그인', 'login'],
    ['Before you continue to YouTube', 'consent'], ['Datenschutzeinstellungen', 'consent'], ['Votre consentement', 'consent'], ['Tu privacidad', 'consent'],
    ['La tua privacy', 'consent'], ['Sua privacidade', 'consent'], ['Cookie-instellingen', 'consent'], ['Twoja prywatność', 'consent'],
    ['Gizliliğiniz', 'consent'], ['Конфиденциальность', 'consent'], ['プライバシー設定', 'consent'], ['隐私设置', 'consent'], ['쿠키 설정', 'consent'],
    ['Subscribe to read | Quayside Times', 'paywall'], ['Réservé aux abonnés', 'paywall'], ['Nur für Abonnenten', 'paywall'],
    ['Please update your browser', 'unsupported-browser'],
  ])('%s: %s', (title, kind) => {
    expect(titleWording(title)?.kind).toBe(kind);
  });

  it.each([
    'Are you a robot? Why websites keep asking', 'How to update your browser in two minutes', 'Privacy policy | Quayside Radio', 'Subscribe to the Quayside Times',
    'Cookie consent explained: what the banners are for', 'Just a moment: the minute before a captcha', 'Harbour lights at dusk - YouTube', 'Login screens we loved in 2026',
  ])('%s names no wall', (title) => {
    expect(titleWording(title)).toBeNull();
  });
});

describe('through extract(), on a local server under each site\'s name', () => {
  let cases: CaseServer;
  const extract = createExtractor({allowAddress: isLoopback, dnsLookup: caseLookup, oembedProviders: [], requestProfiles: false});

  beforeAll(async () => {
    cases = await startCaseServer();
  });
  afterAll(async () => {
    await cases?.site.close();
  });

  it.each(walls.map((entry) => [entry.file, entry] as const))('%s ends in EWALL of its kind', async (_file, entry) => {
    const start = cases.serve(entry);
    const error = await extract(start, {ping: false, prerender: false}).then(
      () => null,
      (thrown: unknown) => thrown,
    );
    expect(error).toBeInstanceOf(LinkpeekError);
    expect({code: (error as LinkpeekError).code, kind: (error as LinkpeekError).data?.kind, url: (error as LinkpeekError).data?.url}).toEqual({
      code: 'EWALL',
      kind: entry.kind,
      url: start.href,
    });
  });

  it.each(genericCases.filter((entry) => entry.kind === null).map((entry) => [entry.file, entry] as const))('%s comes back as its page', async (_file, entry) => {
    const start = cases.serve(entry);
    const outcome = await extract(start, {ping: false, prerender: false}).then(
      (result) => ({result}),
      (error: unknown) => ({error: error as LinkpeekError}),
    );
    if ('error' in outcome) {
      expect({code: outcome.error.code, statusCode: outcome.error.statusCode}).toEqual({code: 'EHTTP', statusCode: entry.statusCode});
      return;
    }
    expect(outcome.result.recovery).toBeUndefined();
    expect(outcome.result.data.title).toBeTruthy();
  });
});
