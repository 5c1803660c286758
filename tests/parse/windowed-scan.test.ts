// The windowed scan (scan-html.ts with `more`): a large ASCII body from decodeBody is parsed a window at
// a time, never as one string. It must give the same events as the scan of the whole text, at every
// window boundary (tiny windows and margins here make every construct straddle one), or throw
// WindowOverrun, after which parseHtml parses the whole text: the snapshot is the same either way.
import {describe, expect, it} from '@jest/globals';
import {readFileSync} from 'node:fs';
import fc from 'fast-check';
import {decodeBody} from '../../src/fetch/decode-body.js';
import {corpusDirectory, fixtureDirectory, htmlFiles} from '../helpers/pages.js';
import {parseHtml, parseHtmlReference, parseWindows} from '../../src/parse/parse-html.js';
import {scanHtml, WindowOverrun, type ScanHandler} from '../../src/parse/scan-html.js';

/**
 * A handler that records every event. It wants text except inside script and style (so the windowed
 * scan drops those bodies, as it does for the collector), and reads hints on every other tag.
 */
function recorder(): {events: string[]; handler: ScanHandler} {
  const events: string[] = [];
  let rawOpen = false;
  let opened = 0;
  const handler: ScanHandler = {
    onopentagname(name) {
      opened++;
      rawOpen = name === 'script' || name === 'style';
      events.push(`<${name}`);
    },
    onattribute(name, value) {
      events.push(`@${name}=${value}`);
    },
    ontext(text) {
      events.push(`#${text}`);
    },
    onclosetag(name) {
      rawOpen = false;
      events.push(`</${name}`);
    },
    onend() {
      events.push('end');
    },
    wantsText: () => !rawOpen,
    readsHints: () => opened % 2 === 0,
  };
  return {events, handler};
}

/** A reader of `text` whose windows reach `step` characters (or a cycle of steps) past the last one. */
function reader(text: string, steps: readonly number[]): (from: number, end: number) => string | undefined {
  let turn = 0;
  return (from, end) => (end >= text.length ? undefined : text.slice(from, Math.min(end + steps[turn++ % steps.length]!, text.length)));
}

/** The events of the windowed scan, or 'overrun'. */
function windowedEvents(text: string, steps: readonly number[], margin: number): string[] | 'overrun' {
  const {events, handler} = recorder();
  const read = reader(text, steps);
  try {
    scanHtml(read(0, 0) ?? '', handler, read, margin);
  } catch (error) {
    if (error instanceof WindowOverrun) return 'overrun';
    throw error;
  }
  return events;
}

function wholeEvents(text: string): string[] {
  const {events, handler} = recorder();
  scanHtml(text, handler);
  return events;
}

/** Asserts the windowed scan gives the whole scan's events (or overruns), for each steps × margin; returns how many overran. */
function expectSameEvents(text: string, stepsList: readonly (readonly number[])[], margins: readonly number[]): number {
  const whole = wholeEvents(text);
  let overruns = 0;
  for (const steps of stepsList) {
    for (const margin of margins) {
      const windowed = windowedEvents(text, steps, margin);
      if (windowed === 'overrun') overruns++;
      else expect(windowed).toEqual(whole);
    }
  }
  return overruns;
}


describe('the windowed scan gives the events of the whole scan', () => {
  it.each(htmlFiles(fixtureDirectory))('fixture %s, windows of 1 to 64 characters and margins of 1 to 1000', (name) => {
    const html = readFileSync(new URL(name, fixtureDirectory), 'utf8');
    const stepsList = [[1], [7], [3, 64, 1]];
    expectSameEvents(html, stepsList, [1, 5, 24]);
    // With a margin longer than the page's tags, no window overruns: the windowed path itself is compared.
    expect(expectSameEvents(html, stepsList, [1000])).toBe(0);
  });

  it.each(htmlFiles(corpusDirectory))('bench corpus %s, windows of 500 to 20000 characters', (name) => {
    const {text} = decodeBody(readFileSync(new URL(name, corpusDirectory)), null);
    // Long tags (SVG paths, inline state) may overrun these small margins: the overrun is checked below.
    expectSameEvents(text, [[500], [20000, 3000]], [64, 2000]);
  });

  // Each is a construct that does not fit a small window, scanned with every window size from 1 to 12.
  const longConstructs: Record<string, string> = {
    'a script body over many windows, and its end tag cut anywhere': `<p>a</p><script>${'var x = "<b>";'.repeat(20)}</script ><h1>After</h1>`,
    'a JSON-LD body the handler wants': `<script type="application/ld+json">{"@type":"Article","headline":"${'h'.repeat(80)}"}</SCRIPT><p>x</p>`,
    'an entity-decoding body (title, textarea)': `<title>${'a &amp; b </titl '.repeat(10)}</title><textarea>${'&lt;x'.repeat(20)}</textarea>`,
    'a long comment, doctype, CDATA and processing instruction': `<!DOCTYPE html><!-- ${'<h1>no</h1> '.repeat(12)} --><?xml ${'v '.repeat(40)}?><svg><![CDATA[${'c'.repeat(60)}]]></svg><h1>H</h1>`,
    'a bogus comment and an end tag whose > comes late': `</ ${'b'.repeat(50)}><div></div${' '.repeat(40)}><p>t</p>`,
    'a long text run': `<p>${'word '.repeat(60)}</p>`,
    'plaintext to the end': `<h1>h</h1><plaintext>${'<p>all text</p>'.repeat(8)}`,
    'unclosed script at the end': `<script>${'x'.repeat(70)}`,
  };
  it.each(Object.entries(longConstructs))('%s', (_name, html) => {
    const steps = Array.from({length: 12}, (_, index) => [index + 1]);
    expectSameEvents(html, steps, [1, 2, 7]);
    // A window over a script, style or comment moves on instead of overrunning: only tags may overrun.
    if (!/long text|bogus/.test(_name)) expect(windowedEvents(html, [5], 64)).not.toBe('overrun');
  });

  it('a tag longer than the margin that reaches the window end overruns, and the snapshot is still the whole one', () => {
    const html = `<p>x</p><img src="/a.png" alt="${'long alt '.repeat(20)}"><h1>H</h1>`;
    expect(windowedEvents(html, [10], 4)).toBe('overrun');
    const read = reader(html, [10]);
    expect(parseWindows(read, html)).toEqual(parseHtmlReference(html));
  });

  const piece = fc.oneof(
    fc.constantFrom(
      '<p>', '</p>', '<div class="byline">', '</div>', '<script>', '</script>', '</scr', 'ipt>', '<style>', '</style>', '<title>', '</title>',
      '<!--', '-->', '<!doctype html>', '<?x?>', '</ x>', '<![CDATA[', ']]>', '<svg>', '</svg>', '<a href="/x.mp3" rel=author>', '</a>',
      '<img src=/i.png alt="a b">', '<meta property=og:title content=T>', '&amp;', '<', '>', '"', "'", ' ', '\n', '<textarea>', '</textarea>',
      '<form>', '<time datetime=2020-01-01>', '</time>', '<h1>', '</h1>', 'text ', '<xţ a€=ÿ>', '</xÿ>', '日本',
    ),
    fc.string({maxLength: 6}),
  );
  it('generated documents, in random windows and margins (fast-check; the seed is printed on failure)', () => {
    fc.assert(
      fc.property(fc.array(piece, {maxLength: 60}).map((pieces) => pieces.join('')), fc.array(fc.integer({min: 1, max: 30}), {minLength: 1, maxLength: 5}), fc.integer({min: 1, max: 20}), (html, steps, margin) => {
        const windowed = windowedEvents(html, steps, margin);
        if (windowed !== 'overrun') expect(windowed).toEqual(wholeEvents(html));
      }),
      {numRuns: 3000, ...(process.env.FC_SEED ? {seed: Number(process.env.FC_SEED), path: process.env.FC_PATH} : {})},
    );
  });
});

describe('parseHtml on a large ASCII body from decodeBody', () => {
  // 300 KB: read in windows (over 128 KiB, under the ~1 MB where Node makes the string external).
  const page = readFileSync(new URL('longform-article.html', corpusDirectory));

  it('gives the reference snapshot, read in windows', () => {
    const {text, windows} = decodeBody(page, null);
    expect(text).toBe(page.toString('latin1'));
    // The reader travels with the text it reads (no cache between decodeBody and parseHtml).
    expect(windows).toBeInstanceOf(Function);
    expect(parseHtml(text, windows)).toEqual(parseHtmlReference(page.toString('latin1')));
    // Without it, the whole text is scanned: the same snapshot.
    expect(parseHtml(text)).toEqual(parseHtmlReference(page.toString('latin1')));
  });

  it('is not misled by another text of the same length, nor by several bodies decoded before one is parsed', () => {
    const decoded = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9].map((index) => decodeBody(Buffer.from(page.toString('latin1').replace('<title>', `<title>${index}`)), null));
    const texts = decoded.map(({text}) => text);
    const sameLength = page.toString('latin1').replace('<title>', '<title>x');
    expect(sameLength.length).toBe(texts[0]!.length);
    expect(parseHtml(sameLength)).toEqual(parseHtmlReference(sameLength));
    // Each body is read through its own reader, in any order.
    for (const {text, windows} of decoded.reverse()) expect(parseHtml(text, windows).title).toBe(parseHtmlReference(text).title);
    expect(parseHtml(texts[9]!, decoded[0]!.windows)).toEqual(parseHtmlReference(texts[9]!));
  });

  it('parses the whole text when a tag runs past a window (a 40 KB attribute across the first boundary)', () => {
    const head = '<!doctype html><title>Big</title><p>' + 'filler text '.repeat(5000);
    const html = `${head}<img src="/a.png" alt="${'a'.repeat(40_000)}"><h1>After the long tag</h1>${'<p>more</p>'.repeat(10000)}`;
    expect(html.length).toBeGreaterThan(200_000);
    const {text, windows} = decodeBody(Buffer.from(html, 'latin1'), null);
    expect(windows).toBeInstanceOf(Function);
    const snapshot = parseHtml(text, windows);
    expect(snapshot.h1).toBe('After the long tag');
    expect(snapshot).toEqual(parseHtmlReference(html));
  });
});
