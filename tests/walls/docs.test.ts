// docs/walls.md is checked against the code: its table of signatures is defaultWallSignatures row
// by row, its table of markers is the marker types, the rungs and wall kinds it lists are the
// ladder's and detectWall's, and its config snippets run (tests/readme.test.ts type-checks them).
import {describe, expect, it} from '@jest/globals';
import {profileFor} from '../../src/fetch/request-profiles.js';
import {normalizeConfig, normalizeOptions, type ExtractOptions, type ExtractorConfig, type ResolvedOptions} from '../../src/options.js';
import {describeSignature} from '../../src/walls/describe-signature.js';
import {detectWall} from '../../src/walls/detect-wall.js';
import {realPageVeto, signalWeights, wallThreshold} from '../../src/walls/generic-wall.js';
import {wallRungs} from '../../src/walls/ladder.js';
import {markerKeys} from '../../src/walls/markers.js';
import {normalizeWallsConfig, type WallsOptions} from '../../src/walls/options.js';
import {defaultWallSignatures, wallKinds} from '../../src/walls/signatures.js';
import {wallError} from '../../src/walls/wall-error.js';
import {codeBlocks, codeSpans, readDoc, section, soleCode, tableStartingWith} from '../helpers/readme.js';
import {runSnippet} from '../helpers/run-snippet.js';

const doc = readDoc('docs/walls.md');
const detection = section(doc, '## Detection');

/**
 * Stands for `linkpeek` in a snippet: its createExtractor validates the config as the real one does
 * and records it, and the extract it returns validates each call's options and records them, without
 * fetching anything.
 */
function recordingLinkpeek() {
  const configs: ExtractorConfig[] = [];
  const calls: {url: string; options: ResolvedOptions}[] = [];
  const createExtractor = (config: ExtractorConfig = {}) => {
    const resolved = normalizeConfig(config);
    configs.push(config);
    return async (url: string, options: ExtractOptions = {}) => {
      calls.push({url, options: normalizeOptions(options, resolved)});
    };
  };
  return {linkpeek: {createExtractor}, configs, calls};
}

/** The one ts block of a section of docs/walls.md. */
function snippet(title: string, parent?: string): string {
  const blocks = codeBlocks(section(doc, title, parent ? section(doc, parent) : undefined).body);
  expect(blocks.map((block) => block.lang)).toEqual(['ts']);
  return blocks[0]?.code ?? '';
}

describe('docs/walls.md', () => {
  it('lists every default signature, in order, with its kind, vendor and markers', () => {
    const table = tableStartingWith(section(doc, 'Signatures', detection).body, 'Id');
    expect(table.header).toEqual(['Id', 'Kind', 'Vendor', 'Markers']);
    const documented = table.rows.map(([id, kind, vendor, markers]) => ({id: soleCode(id ?? ''), kind, vendor, markers}));
    const real = defaultWallSignatures.map((signature) => ({
      id: signature.id,
      kind: signature.kind,
      vendor: signature.vendor ?? '—',
      markers: describeSignature(signature),
    }));
    expect(documented).toEqual(real);
  });

  it('lists every generic signal, in order, with its weight', () => {
    const table = tableStartingWith(section(doc, 'Generic signals', detection).body, 'Signal');
    expect(table.header).toEqual(['Signal', 'Weight', 'Holds when']);
    const documented = table.rows.map(([name, weight]) => [soleCode(name ?? ''), Number((weight ?? '').replace('−', '-'))]);
    expect(documented).toEqual(Object.entries(signalWeights));
    const body = section(doc, 'Generic signals', detection).body;
    expect(body).toContain(`reaches **${wallThreshold}**`);
    expect(body).toContain(`weighs **${realPageVeto}**`);
  });

  it('describes every marker type, and only those', () => {
    const table = tableStartingWith(section(doc, 'Markers', detection).body, 'Marker');
    expect(table.rows.map(([marker]) => soleCode(marker ?? ''))).toEqual([...markerKeys]);
  });

  it('has a config snippet that adds a signature and disables one, as the config takes it', async () => {
    const {linkpeek, configs} = recordingLinkpeek();
    const {walls} = (await runSnippet(snippet('Adding a signature', '## Detection'), {linkpeek}, ['walls'])) as {walls: WallsOptions};
    expect(configs).toEqual([{walls}]);
    const {wallSignatures} = normalizeWallsConfig({walls});
    expect(wallSignatures.map((signature) => signature.id)).not.toContain('paywall-barrier');
    const page = {statusCode: 200, headers: {}, url: 'https://members.quayside.example/budget', html: '<title>Members only</title>'};
    expect(detectWall(page, wallSignatures)).toMatchObject({kind: 'login', signature: 'quayside-members', vendor: 'Quayside'});
    // Without the row, the generic signals call it a login wall too, but name no one.
    expect(detectWall(page)).toMatchObject({kind: 'login', signature: 'generic'});
    expect(detectWall(page, defaultWallSignatures, {generic: false})).toBeNull();
  });

  it('lists the rungs in the order the ladder climbs them, and only oEmbed and the proxy for a rate limit', () => {
    const recovery = section(doc, '## Recovery');
    const listed = recovery.body
      .split('\n')
      .filter((line) => /^\d\. \*\*/.test(line))
      .map((line) => /\(rung `(\w+)`\)/.exec(line)?.[1]);
    const profiles = normalizeConfig({requestProfiles: {site: {hosts: ['site.example'], use: 'retry'}}}).requestProfiles;
    const plan = {url: new URL('https://site.example/page'), profiles, proxy: normalizeConfig({proxy: {url: 'http://proxy.internal:3128', use: 'last'}}).proxy, rendered: false};
    const means = {oembed: async () => null, fetch: async () => null, render: async () => null};
    const rungs = (kind: (typeof wallKinds)[number]) => wallRungs({kind, signature: 'x', evidence: []}, plan, means).map((rung) => rung.name);
    expect(listed).toEqual(rungs('challenge'));
    expect(rungs('rate-limit')).toEqual(['oembed', 'proxy']);
  });

  it('has a row for every wall kind, in order, and the data keys a wall error carries', () => {
    const kinds = tableStartingWith(section(doc, 'Every wall kind, and what linkpeek does').body, 'Kind');
    expect(kinds.rows.map(([kind]) => soleCode(kind ?? ''))).toEqual([...wallKinds]);
    expect(kinds.rows.map((row) => codeSpans(row.at(-1) ?? '').find((span) => span.startsWith('E')))).toEqual(
      wallKinds.map((kind) => wallError({kind, signature: 'x', evidence: []}, {url: new URL('https://site.example/'), tried: []}).code),
    );
    const keys = tableStartingWith(section(doc, 'When no rung gets past').body, '`data` key');
    const error = wallError({kind: 'login', vendor: 'Quayside', signature: 'x', evidence: []}, {url: new URL('https://www.site.example/p'), tried: ['oembed'], logo: 'https://www.site.example/favicon.ico'});
    expect(keys.rows.map(([key]) => soleCode(key ?? '')).sort()).toEqual(Object.keys(error.data ?? {}).sort());
  });

  it('has a profile snippet whose profiles are the ones the config ends with', async () => {
    const {linkpeek, configs} = recordingLinkpeek();
    await runSnippet(snippet('Adding a profile', '## Request profiles'), {linkpeek}, []);
    expect(configs).toHaveLength(1);
    const {requestProfiles} = normalizeConfig(configs[0]);
    expect(requestProfiles.map((profile) => profile.id)).toEqual(['quayside', 'wiki', 'google-consent']);
    expect(requestProfiles.find((profile) => profile.id === 'google-consent')).toMatchObject({hosts: expect.arrayContaining(['google.de']), cookies: {SOCS: 'CAI'}});
    expect(profileFor(new URL('https://www.quayside.example/harbour'), requestProfiles, 'retry')?.cookies).toEqual({consent: 'all'});
    expect(profileFor(new URL('https://www.quayside.example/harbour'), requestProfiles, 'first')).toBeUndefined();
  });

  it('has a proxy snippet: a last-rung proxy for two hosts, off for one call, and a caller\'s proxy where the config allows it', async () => {
    const {linkpeek, configs, calls} = recordingLinkpeek();
    await runSnippet(snippet('Adding a proxy', '## Proxy'), {linkpeek}, []);
    expect(configs).toHaveLength(2);
    const proxy = normalizeConfig(configs[0]).proxy;
    expect(proxy).toMatchObject({use: 'last', hosts: ['shop.example.org', 'reddit.com'], fromCaller: false});
    expect(calls.map((call) => call.options.proxy?.url.host ?? null)).toEqual(['proxy.internal:3128', null, 'proxy.customer.example:8080']);
    expect(calls[2]?.options.proxy).toMatchObject({use: 'always', fromCaller: true});
  });
});
