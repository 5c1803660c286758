import {describe, expect, it} from '@jest/globals';
import {parseHtml, parseHtmlReference} from '../../src/parse/parse-html.js';
import {pickFields, rules} from '../../src/rules/rules.js';

/*
 * A page's lead written without `<p>` (src/parse/collect-paragraphs.ts): a block's own text, as
 * Readability reads it (its small test pages, a newspaper's preface `<div>`, text between `<br>`s).
 */

const url = 'https://www.harbourledger.example/news/ferry-returns';
const lead = 'The harbour council voted on Tuesday to keep the island ferry running through the winter months.';
const more = 'Residents had asked for a winter service for years, and the operator agreed to run two crossings a day.';
const page = (body: string, head = '') => `<html><head><title>Ferry returns to the island</title>${head}</head><body>${body}</body></html>`;
const descriptionOf = (body: string, head = ''): string | null => pickFields(parseHtml(page(body, head)), {url, headers: {}}, rules, null).description;

describe('a block\'s own text is a paragraph', () => {
  it.each([
    ['a preface <div> before the <p>s', `<article><h1>Ferry returns</h1><div class="preface">${lead}</div><p>${more}</p></article>`],
    ['text between <br>s', `<div id="main"><h1>Ferry returns</h1><div>${lead}<br><br>${more}</div></div>`],
    ['text right after the headline', `<article><h1>Ferry returns</h1>${lead}<br/><br/>${more}</article>`],
    ['<div>s and no <p> at all', `<div><div>${lead}</div><div>${more}</div></div>`],
    ['entities in it', `<div><div>${lead.replace('ferry', '&quot;ferry&quot;')}</div></div>`],
  ])('%s', (_name, body) => {
    expect(descriptionOf(body)).toBe(body.includes('&quot;') ? lead.replace('ferry', '"ferry"') : lead);
  });

  it('as the fast parse reads it, so does the reference parse', () => {
    const html = page(`<article><h1>Ferry returns</h1>${lead.replace('ferry', '&amp; ferry')}<br/><br/>${more}</article>`);
    expect(parseHtml(html).paragraphs).toEqual(parseHtmlReference(html).paragraphs);
    expect(parseHtml(html).paragraphs?.[0]).toEqual({text: lead.replace('ferry', '& ferry'), lead: true, loose: true});
  });
});

describe('what is no paragraph', () => {
  it.each([
    ['a tagline without a sentence\'s end', `<div id="siteSub">From Harbourpedia, the free harbour encyclopedia</div><p>${lead}</p>`, lead],
    ['the tail of a sentence after a link', `<div>Read <a href="/a">the council's decision</a> and the long history of the ferry line here.</div><p>${lead}</p>`, lead],
    ['text in a <span>', `<div><span>${more}</span></div><p>${lead}</p>`, lead],
    ['text in the header', `<header><div>${more}</div></header><p>${lead}</p>`, lead],
    ['a caption', `<figure><img src="/f.jpg"><figcaption><div>${more}</div></figcaption></figure><p>${lead}</p>`, lead],
  ])('%s', (_name, body, expected) => {
    expect(descriptionOf(body)).toBe(expected);
  });

  it('a block after the first <p> is not read (the <p> is the lead)', () => {
    expect(descriptionOf(`<p>${lead}</p><div>${more}</div>`)).toBe(lead);
    expect(parseHtml(page(`<p>${lead}</p><div>${more}</div>`)).paragraphs?.some((entry) => entry.loose)).toBeFalsy();
  });

  it('a page a meta describes reads no block text', () => {
    expect(parseHtml(page(`<div>${lead}</div>`, '<meta name="description" content="The ferry returns.">')).paragraphs).toBeUndefined();
  });
});
