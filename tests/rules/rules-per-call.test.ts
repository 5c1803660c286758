import {describe, expect, it} from '@jest/globals';
import type {Snapshot} from '../../src/parse/parse-html.js';
import {emptySnapshot} from '../../src/parse/snapshot.js';
import {classifyImageUrl, fileNameTokens} from '../../src/rules/image-filters.js';
import {pickFields, rules, type Rule} from '../../src/rules/rules.js';

/*
 * What the issue 15 speed-ups of the rules stage must keep: `date` read from the modified and
 * published rules without running them twice, per-call caches that do not leak between calls, and
 * the one-pass file-name classifier agreeing with the token regexes it replaced.
 */

const page = {url: 'https://www.news.example.co.uk/2026/11/story', headers: {}};

function snapshot(parts: Partial<Snapshot> = {}): Snapshot {
  return {...emptySnapshot(), ...parts};
}

const published = snapshot({metas: [{property: 'article:published_time', content: '2026-11-03T07:45:00Z'}]});

describe('pickFields date', () => {
  it('is the modified date, else the published one, and each rule runs once for the three date fields', () => {
    let calls = 0;
    const counted: Rule = (input) => {
      calls++;
      return input.title;
    };
    const table = {...rules, dateModified: [counted], datePublished: [...rules.datePublished]};
    table.date = [...table.dateModified, ...table.datePublished];
    const found = pickFields({...published, title: null}, page, table);
    expect(found.date).toBe('2026-11-03T07:45:00.000Z');
    expect(found.datePublished).toBe('2026-11-03T07:45:00.000Z');
    expect(found.dateModified).toBeNull();
    expect(calls).toBe(1);
    const modified = pickFields({...published, title: '2026-12-01'}, page, table);
    expect([modified.date, modified.dateModified]).toEqual(['2026-12-01T12:00:00.000Z', '2026-12-01T12:00:00.000Z']);
  });

  it('reads its own rules when the table lists other ones', () => {
    const table = {...rules, date: [(): string => '2020-01-02']};
    const found = pickFields(published, page, table);
    expect(found.date).toBe('2020-01-02T12:00:00.000Z');
    expect(found.datePublished).toBe('2026-11-03T07:45:00.000Z');
  });
});

describe('per-call caches', () => {
  it('read a snapshot changed between two pickFields calls afresh', () => {
    const input = snapshot({
      title: 'Ferry fares frozen | Harbour Weekly',
      jsonld: [{'@type': 'Organization', name: 'First Name', logo: 'https://a.example/one.png'}],
    });
    expect(pickFields(input, page)).toMatchObject({publisher: 'First Name', logo: ['https://a.example/one.png', 'https://www.news.example.co.uk/favicon.ico']});
    input.jsonld = [{'@type': 'WebSite', name: 'Second Name'}];
    expect(pickFields(input, page).publisher).toBe('Second Name');
    expect(pickFields(input, {...page, url: 'https://harbourweekly.example/x'}).publisher).toBe('Second Name');
  });
});

describe('the per-call query cache rides on the snapshot', () => {
  const rich = (): Snapshot =>
    snapshot({
      title: 'Ferry fares frozen | Harbour Weekly',
      metas: [
        {property: 'og:title', content: 'Ferry fares frozen'},
        {property: 'og:image', content: 'https://a.example/ferry.jpg'},
        {name: 'author', content: 'By Jane Doe'},
      ],
      jsonld: [{'@type': 'NewsArticle', headline: 'Ferry fares frozen', publisher: {'@type': 'Organization', name: 'Harbour Weekly'}}],
    });

  it('leaves nothing visible on the snapshot once the call returned', () => {
    const input = rich();
    const before = structuredClone(input);
    pickFields(input, page);
    expect(input).toStrictEqual(before);
    expect(Object.getOwnPropertySymbols(input).every((key) => !Object.getOwnPropertyDescriptor(input, key)!.enumerable)).toBe(true);
    expect(JSON.stringify(input)).toBe(JSON.stringify(before));
  });

  it('reads a frozen snapshot (which cannot carry it) to the same fields', () => {
    const found = pickFields(rich(), page);
    expect(pickFields(Object.freeze(rich()), page)).toEqual(found);
    expect(found.title).toBe('Ferry fares frozen');
  });

  it('keeps one call apart from another running inside it on another snapshot', () => {
    const plain = pickFields(rich(), page);
    const other = snapshot({metas: [{property: 'og:title', content: 'Other page'}, {property: 'og:image', content: 'https://b.example/other.jpg'}]});
    let inner: ReturnType<typeof pickFields> | undefined;
    const nesting: Rule = () => {
      inner = pickFields(other, {url: 'https://b.example/x', headers: {}});
      return null;
    };
    const outer = pickFields(rich(), page, {...rules, title: [nesting, ...rules.title]});
    expect(outer).toEqual(plain);
    expect(inner?.title).toBe('Other page');
    expect(inner?.image).toEqual(['https://b.example/other.jpg']);
  });
});

/** The classifier as it was written with one token regex per kind (before issue 15). */
function classifyByRegex(url: string): string {
  const pattern = (tokens: string[]): RegExp => new RegExp(`(?:^|[^a-z0-9])(?:${tokens.join('|')})(?:[^a-z0-9]|$)`);
  const placeholder = pattern(['placeholder', 'spacer', 'lazyload', 'lazyloader']);
  const names = new Set(['blank', 'empty', 'clear', 'transparent', 'trans', 'pixel', 'px', '1x1', 'dot', 'spacer', 'loading', 'loader', 'spinner']);
  const gif = pattern(['blank', 'transparent', 'trans', 'pixel', '1x1', 'clear', 'empty', 'lazy', 'loading', 'loader', 'spinner']);
  const ui = pattern(['menu', 'icon', 'icons', 'ico', 'favicon', 'sprite', 'sprites', 'arrow', 'arrows', 'close', 'search', 'hamburger', 'burger', 'chevron', 'caret', 'toggle', 'btn', 'button', 'spinner', 'loader']);
  const trimmed = url.trim();
  if (trimmed.slice(0, 5).toLowerCase() === 'data:') return 'placeholder';
  const kind = classifyImageUrl(trimmed);
  if (kind === 'video' || kind === 'audio') return kind;
  const name = fileNameTokens(trimmed).join('-');
  const extension = /\.([^./?#]{1,5})(?:[?#]|$)/.exec(trimmed.slice(trimmed.lastIndexOf('/') + 1))?.[1]?.toLowerCase() ?? '';
  if (name !== '' && (placeholder.test(name) || names.has(name.replace(/[^a-z0-9]+/g, '')))) return 'placeholder';
  if (name !== '' && extension === 'gif' && gif.test(name)) return 'placeholder';
  if (extension === 'svg' || extension === 'ico' || ui.test(name)) return 'ui';
  return /(?:^|[^a-z0-9])(?:logo|logos|wordmark)(?:[^a-z0-9]|$)/.test(name) ? 'logo' : 'image';
}

describe('classifyImageUrl', () => {
  it('agrees with the token regexes on generated file names', () => {
    const words = ['placeholder', 'spacer', 'lazy', 'blank', 'trans', 'parent', 'transparent', '1x1', '1', 'x', 'px', 'dot', 'menu', 'icon', 'Icon', 'logo', 'LOGOS', 'wordmark', 'hero', 'a', '2x', 'loader', 'placeholderx'];
    const separators = ['-', '_', '', '@', '%20', '.'];
    const extensions = ['.jpg', '.gif', '.GIF', '.svg', '.ico', '.png?v=2', '', '.webp#x'];
    let seed = 7;
    const pick = <T>(list: T[]): T => list[(seed = (seed * 1103515245 + 12345) % 2147483648) % list.length]!;
    for (let index = 0; index < 5000; index++) {
      let name = pick(words);
      for (let more = index % 4; more > 0; more--) name += pick(separators) + pick(words);
      const url = `https://cdn.example/icons/${name}${pick(extensions)}`;
      expect([url, classifyImageUrl(url)]).toEqual([url, classifyByRegex(url)]);
    }
  });
});
