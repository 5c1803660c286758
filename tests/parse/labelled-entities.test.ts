// The label pre-check of the fast scan (collect-labelled-dates.ts, mayLabelRaw) looks again at a node
// that passes only for an `&`: these are the cases where the entity or what follows the node decides.
import {describe, expect, it} from '@jest/globals';
import {parseHtml, parseHtmlReference} from '../../src/parse/parse-html.js';

const page = (body: string): string => `<!doctype html><html lang="de"><head><title>T</title></head><body><h1>T</h1><p>${'Text. '.repeat(40)}</p>${body}</body></html>`;

describe('labelled texts behind entities', () => {
  it('reads a label whose letters or characters come from entities, as the reference parse does', () => {
    const cases: [string, string][] = [
      ['<p>Ver&ouml;ffentlicht am&nbsp;03.11.2021</p>', 'Veröffentlicht am 03.11.2021'],
      ['<p>Ver&#246;ffentlicht am 03.11.2021</p>', 'Veröffentlicht am 03.11.2021'],
      ['<p>&#1044;&#1072;&#1090;&#1072;: 13.06.2019</p>', 'Дата: 13.06.2019'],
      ['<p>Da&#x74;um: 03.11.2021</p>', 'Datum: 03.11.2021'],
      // An `&nbsp;` in the first characters, the label further on: the whole node is read (and collapsed).
      [`<p>${'&nbsp;'.repeat(11)}Datum: 03.11.2021</p>`, 'Datum: 03.11.2021'],
      // A node that passes only for its `&amp;`, a comment, then the label: read together (no tag between).
      ['<p>A &amp; B <!-- x -->Datum: 03.11.2021</p>', 'A & B Datum: 03.11.2021'],
    ];
    for (const [body, text] of cases) {
      const html = page(body);
      const read = parseHtml(html).labelledTexts;
      expect([body, read?.[0]?.startsWith(text)]).toEqual([body, true]);
      expect(read).toEqual(parseHtmlReference(html).labelledTexts);
    }
  });

  it('reads no label in a node whose entities are punctuation or white space only', () => {
    for (const body of ['<p>Tom &amp; Jerry&nbsp;&#8211; &quot;03.11.2021&quot;</p><p>x</p>', '<p>&copy; 2021 &lt;Firma&gt;</p>']) {
      const html = page(body);
      expect([body, parseHtml(html).labelledTexts]).toEqual([body, undefined]);
      expect(parseHtmlReference(html).labelledTexts).toBeUndefined();
    }
  });
});
