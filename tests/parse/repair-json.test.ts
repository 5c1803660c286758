import {describe, expect, it} from '@jest/globals';
import fc from 'fast-check';
import {parseJsonld} from '../../src/parse/jsonld.js';
import {maxRepairLength, repairJson} from '../../src/parse/repair-json.js';

/** The nodes parseJsonld gets out of one script's text. */
function nodes(text: string): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  parseJsonld(text, out);
  return out;
}

describe('repairJson', () => {
  it.each([
    ['a trailing comma in an object', '{"@type": "Article", "headline": "A",}', {'@type': 'Article', headline: 'A'}],
    ['a trailing comma in an array, and doubled commas', '{"author": ["Ann", "Bo",, ], "headline": "A"}', {author: ['Ann', 'Bo'], headline: 'A'}],
    ['a raw newline and tab inside a string', '{"headline": "Line one\nline\ttwo"}', {headline: 'Line one\nline\ttwo'}],
    ['an invalid escape', String.raw`{"headline": "It\'s here"}`, {headline: "It's here"}],
    ['a missing comma between members', '{"@type": "Article" "headline": "A"\n "wordCount": 12 "isFree": true}', {'@type': 'Article', headline: 'A', wordCount: 12, isFree: true}],
    ['unclosed brackets at the end', '{"@type": "Article", "author": {"name": "Ann"', {'@type': 'Article', author: {name: 'Ann'}}],
    ['a trailing semicolon', '{"headline": "A"};', {headline: 'A'}],
  ])('repairs %s', (_label, text, expected) => {
    expect(() => JSON.parse(text)).toThrow();
    expect(JSON.parse(repairJson(text)!)).toEqual(expected);
  });

  it('turns values concatenated at the top level into an array', () => {
    expect(JSON.parse(repairJson('{"@type": "WebSite", "name": "S"}{"@type": "Article"}\n{"@type": "Person"}')!))
      .toEqual([{'@type': 'WebSite', name: 'S'}, {'@type': 'Article'}, {'@type': 'Person'}]);
  });

  it.each([
    ['an HTML comment', '<!--\n{"headline": "A"}\n-->'],
    ['a CDATA section behind //', '//<![CDATA[\n{"headline": "A"}\n//]]>'],
    ['a CDATA section inside /* */', '/*<![CDATA[*/{"headline": "A"}/*]]>*/'],
    ['CDATA inside a comment', '<!-- //<![CDATA[\n{"headline": "A"}\n//]]> -->'],
  ])('unwraps %s', (_label, text) => {
    expect(JSON.parse(repairJson(text)!)).toEqual({headline: 'A'});
  });

  it('gives null when there is no object or array at all, and for text over maxRepairLength', () => {
    expect(repairJson('not json')).toBeNull();
    // Cut off inside a string: the value would be cut short.
    expect(repairJson('{"@type": "Article", "headline": "Cut off')).toBeNull();
    expect(repairJson('')).toBeNull();
    expect(repairJson(`{"a": "${'x'.repeat(maxRepairLength)}",}`)).toBeNull();
  });

  it('leaves strings alone: brackets, commas and quotes inside them are text', () => {
    expect(JSON.parse(repairJson('{"headline": "a, }{ ] \\"quoted\\"",}')!)).toEqual({headline: 'a, }{ ] "quoted"'});
  });

  it('never throws, nor does parseJsonld on what it returns (arbitrary and JSON-like text)', () => {
    const jsonish = fc.array(fc.constantFrom('{', '}', '[', ']', '"', ',', ':', ' ', '\n', '\\', 'a', '1', 'true', '<!--', '-->', '\'', '\t'), {maxLength: 60}).map((parts) => parts.join(''));
    fc.assert(fc.property(fc.oneof(fc.string(), jsonish), (text) => {
      const repaired = repairJson(text);
      expect(repaired === null || typeof repaired === 'string').toBe(true);
      expect(() => nodes(text)).not.toThrow();
      // Every node it salvages is a plain object.
      for (const node of nodes(text)) expect(typeof node === 'object' && node !== null && !Array.isArray(node)).toBe(true);
    }), {numRuns: 2000});
  });
});

describe('parseJsonld salvages a broken block instead of skipping it', () => {
  it('reads a block with a trailing comma and a raw newline, and two concatenated objects', () => {
    expect(nodes('{"@context": "https://schema.org", "@type": "NewsArticle",\n "headline": "Two\nlines",\n}')).toEqual([
      {'@context': 'https://schema.org', '@type': 'NewsArticle', headline: 'Two\nlines'},
    ]);
    expect(nodes('{"@type": "Organization", "name": "O"}{"@type": "NewsArticle", "headline": "H"}')).toEqual([
      {'@type': 'Organization', name: 'O'}, {'@type': 'NewsArticle', headline: 'H'},
    ]);
  });

  it('parses valid JSON as it is, and adds nothing for text that is not JSON-LD', () => {
    expect(nodes('{"@graph": [{"@type": "WebPage"}, {"@type": "Article"}]}')).toEqual([{'@type': 'WebPage'}, {'@type': 'Article'}]);
    expect(nodes('window.dataLayer = []')).toEqual([]);
  });
});
