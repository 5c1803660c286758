import {describe, expect, it} from '@jest/globals';
import {isLinkpeekError} from '../../src/errors.js';
import {detectWall} from '../../src/walls/detect-wall.js';
import {normalizeWallsConfig, type WallsConfigInput} from '../../src/walls/options.js';
import {defaultWallSignatures, type WallSignature} from '../../src/walls/signatures.js';
import {caseInput, wallCases} from './cases.js';

/** The EINVALOPTION a config is refused with: its message and `data`. */
function refusal(config: unknown): {message: string; data: unknown} {
  try {
    normalizeWallsConfig(config as WallsConfigInput);
  } catch (error) {
    if (isLinkpeekError(error) && error.code === 'EINVALOPTION') return {message: error.message, data: error.data};
    throw error;
  }
  throw new Error('the config was accepted');
}

const answer = (file: string) => caseInput(wallCases.find((entry) => entry.file === file) ?? wallCases[0]!);

describe('normalizeWallsConfig', () => {
  it('gives the default table when `walls` is absent, and none for `false`', () => {
    expect(normalizeWallsConfig({})).toEqual({wallSignatures: defaultWallSignatures, wallGeneric: true});
    expect(normalizeWallsConfig({walls: false})).toEqual({wallSignatures: [], wallGeneric: false});
    const off = normalizeWallsConfig({walls: false});
    expect(detectWall(answer('cloudflare-challenge.html'), off.wallSignatures, {generic: off.wallGeneric})).toBeNull();
  });

  it('`generic: false` leaves the table and turns the generic signals off; anything but a boolean is refused', () => {
    expect(normalizeWallsConfig({walls: {generic: false}})).toEqual({wallSignatures: defaultWallSignatures, wallGeneric: false});
    expect(normalizeWallsConfig({walls: {disable: ['cloudflare-challenge']}}).wallGeneric).toBe(true);
    expect(refusal({walls: {generic: 'no' as unknown as boolean}}).message).toContain('walls.generic');
  });

  it('refuses unknown keys at every level with a did-you-mean', () => {
    expect(refusal({walls: {signature: []}}).message).toBe('Unknown option `walls.signature`. Did you mean `walls.signatures`?');
    expect(refusal({walls: {disabled: []}}).message).toContain('Did you mean `walls.disable`?');
    expect(refusal({walls: {signatures: [{id: 'acme', knd: 'login', all: [{status: 403}]}]}}).message).toBe(
      'Unknown option `walls.signatures[0].knd`. Did you mean `walls.signatures[0].kind`?',
    );
    expect(refusal({walls: {signatures: [{id: 'acme', kind: 'login', all: [{titel: 'Members only'}]}]}}).message).toBe(
      'Unknown option `walls.signatures[0].all[0].titel`. Did you mean `walls.signatures[0].all[0].title`?',
    );
  });

  it('refuses a kind it does not know, naming the closest', () => {
    const {message, data} = refusal({walls: {signatures: [{id: 'acme', kind: 'captha', all: [{status: 403}]}]}});
    expect(message).toContain("did you mean 'captcha'?");
    expect(message).toContain('Received "captha"');
    expect(data).toEqual({'walls.signatures[0].kind': expect.stringContaining('must be one of')});
  });

  it('refuses a disabled id that names no signature, naming the closest', () => {
    expect(refusal({walls: {disable: ['cloudflare-chalenge']}}).message).toContain('Did you mean `cloudflare-challenge`?');
    expect(refusal({walls: {disable: [42]}}).message).toContain('`walls.disable[0]` must be a signature id');
  });

  it.each([
    ['not an object', {walls: 'cloudflare'}, '`walls` must be an object'],
    ['signatures not an array', {walls: {signatures: {}}}, '`walls.signatures` must be an array'],
    ['an id that is no slug', {walls: {signatures: [{id: 'Acme Login', kind: 'login', all: [{status: 403}]}]}}, '`walls.signatures[0].id` must be lowercase words'],
    ['an empty all', {walls: {signatures: [{id: 'acme', kind: 'login', all: []}]}}, '`walls.signatures[0].all` must hold at least one marker'],
    [
      'only costly markers in all (every body would be searched)',
      {walls: {signatures: [{id: 'acme', kind: 'login', all: [{markup: 'members-only'}]}]}},
      'must hold at least one marker that does not read the body',
    ],
    ['two marker keys in one marker', {walls: {signatures: [{id: 'acme', kind: 'login', all: [{status: 403, title: 'x'}]}]}}, 'must hold exactly one of'],
    ['a value that goes with another marker', {walls: {signatures: [{id: 'acme', kind: 'login', all: [{title: 'x', value: 'y'}]}]}}, '`walls.signatures[0].all[0].value` does not go with `title`'],
    ['a status out of range', {walls: {signatures: [{id: 'acme', kind: 'login', all: [{status: [403, 1000]}]}]}}, 'must be an HTTP status (100-999)'],
    ['an empty pattern', {walls: {signatures: [{id: 'acme', kind: 'login', all: [{title: ''}]}]}}, 'must be a non-empty string or a RegExp'],
    ['a global RegExp', {walls: {signatures: [{id: 'acme', kind: 'login', all: [{title: /members/g}]}]}}, 'must not have the `g` or `y` flag'],
    ['redirected not true', {walls: {signatures: [{id: 'acme', kind: 'login', all: [{redirected: 'yes'}]}]}}, '`walls.signatures[0].all[0].redirected` must be true'],
    ['min above the some markers', {walls: {signatures: [{id: 'acme', kind: 'login', all: [{status: 403}], some: [{markup: 'a'}], min: 2}]}}, 'must be an integer from 1 to 1'],
    ['min without some', {walls: {signatures: [{id: 'acme', kind: 'login', all: [{status: 403}], min: 1}]}}, 'needs `some` markers to count'],
    [
      'a repeated id',
      {walls: {signatures: [{id: 'acme', kind: 'login', all: [{status: 403}]}, {id: 'acme', kind: 'login', all: [{status: 401}]}]}},
      '`walls.signatures[1].id` repeats the id `acme`',
    ],
  ])('refuses %s', (_what, config, message) => {
    expect(refusal(config).message).toContain(message);
  });

  const membersOnly: WallSignature = {
    id: 'quayside-members',
    kind: 'login',
    vendor: 'Quayside',
    all: [{host: 'members.quayside.example'}, {title: /^Members only/i}],
    none: [{meta: 'og:url'}],
  };
  const membersPage = {
    statusCode: 200,
    headers: {'content-type': 'text/html'},
    url: 'https://members.quayside.example/harbour-budget',
    html: '<title>Members only | Quayside</title><p>Log in to read the harbour budget.</p>',
  };

  it('adds a signature of its own, tried before the defaults', () => {
    const {wallSignatures} = normalizeWallsConfig({walls: {signatures: [membersOnly]}});
    expect(wallSignatures.map((signature) => signature.id)).toEqual(['quayside-members', ...defaultWallSignatures.map((signature) => signature.id)]);
    // The defaults name no vendor for it: the generic signals call it a login wall.
    expect(detectWall(membersPage, defaultWallSignatures, {generic: false})).toBeNull();
    expect(detectWall(membersPage)).toMatchObject({kind: 'login', signature: 'generic'});
    expect(detectWall(membersPage, wallSignatures)).toEqual({
      kind: 'login',
      vendor: 'Quayside',
      signature: 'quayside-members',
      evidence: ['host members.quayside.example', 'title "Members only | Quayside"', 'no meta og:url'],
    });
    // Its own og:url: the page itself, shared on purpose.
    // (The row stands down; the generic signals, weighed apart, still see "Members only" over 58 characters.)
    expect(detectWall({...membersPage, html: `<meta property="og:url" content="${membersPage.url}">${membersPage.html}`}, wallSignatures, {generic: false})).toBeNull();
    // Tried first: a row of its own that matches a Cloudflare challenge names it instead.
    const mine = normalizeWallsConfig({walls: {signatures: [{id: 'edge-403', kind: 'challenge', all: [{status: 403}]}]}}).wallSignatures;
    expect(detectWall(answer('cloudflare-challenge.html'), mine)?.signature).toBe('edge-403');
  });

  it('replaces a default with the same id, and leaves out the disabled ones', () => {
    const replaced = normalizeWallsConfig({walls: {signatures: [{...membersOnly, id: 'cloudflare-challenge'}]}}).wallSignatures;
    expect(replaced.filter((signature) => signature.id === 'cloudflare-challenge')).toHaveLength(1);
    expect(replaced.length).toBe(defaultWallSignatures.length);
    expect(detectWall(answer('cloudflare-challenge.html'), replaced)?.signature).toBe('cloudflare-challenge-page');
    const {wallSignatures} = normalizeWallsConfig({walls: {disable: ['cloudflare-challenge', 'http-429']}});
    expect(wallSignatures.length).toBe(defaultWallSignatures.length - 2);
    expect(detectWall(answer('cloudflare-challenge.html'), wallSignatures)?.signature).toBe('cloudflare-challenge-page');
    expect(detectWall(answer('http-429.html'), wallSignatures)).toBeNull();
  });

  it('keeps what it accepted as data: a copy it validated, not the caller object', () => {
    const input = {id: 'acme', kind: 'login' as const, all: [{status: [401, 403]}], some: [{header: 'X-Acme', value: 'wall'}], min: 1};
    const [row] = normalizeWallsConfig({walls: {signatures: [input]}}).wallSignatures;
    expect(row).toEqual(input);
    expect(row).not.toBe(input);
    expect(detectWall({statusCode: 401, headers: {'x-acme': 'Wall'}, url: 'https://acme.example/', html: ''}, [row!])?.evidence).toEqual([
      'status 401',
      'header x-acme: Wall',
    ]);
  });
});
