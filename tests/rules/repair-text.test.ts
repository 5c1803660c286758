import {describe, expect, it} from '@jest/globals';
import {parseHtml} from '../../src/parse/parse-html.js';
import {repairText} from '../../src/rules/repair-text.js';
import {pickFields, rules} from '../../src/rules/rules.js';

/* Text decoded once and fully (issue 33 item 2, src/rules/repair-text.ts). */

describe('repairText', () => {
  it.each([
    ['I&#8217;m not much of a metal guy &hellip;', 'I’m not much of a metal guy …'],
    ['K&ouml;nnen Fische &amp; Krebse', 'Können Fische & Krebse'],
    ['&#x2019;tis', '’tis'],
    ['So schÃ¶n winterlich', 'So schön winterlich'],
    ['weiÃ\u009f und groÃ\u009f', 'weiß und groß'],
    ['itâ€™s here', 'it’s here'],
    ['NPCÂ´s', 'NPC´s'],
  ])('%j → %j', (value, expected) => {
    expect(repairText(value)).toBe(expected);
  });

  it.each([
    'AT&T and Q&A stay', 'Fish &chips; no', 'São Paulo ×² ñ', 'Ä Ö Ü ä ö ü ß é è à', 'Привет', '&bogus',
  ])('%j stays', (value) => {
    expect(repairText(value)).toBe(value);
  });
});

describe('the card text is decoded once and fully', () => {
  const url = 'https://www.ledger.example/story';
  const pick = (head: string) => pickFields(parseHtml(`<html><head>${head}</head><body></body></html>`), {url, headers: {}}, rules, null);

  it('a twice-encoded meta value', () => {
    expect(pick('<meta property="og:description" content="I&amp;#8217;m back &amp;hellip;">').description).toBe('I’m back …');
  });
  it('entities in JSON-LD strings', () => {
    const card = pick('<script type="application/ld+json">{"@type":"Article","headline":"K&ouml;nnen Fische &quot;Schmerz&quot; sp&uuml;ren?","description":"Ein Text &#8211; kurz","author":{"@type":"Person","name":"Ren&eacute; Roy"}}</script>');
    expect(card.title).toBe('Können Fische "Schmerz" spüren?');
    expect(card.description).toBe('Ein Text – kurz');
    expect(card.author).toBe('René Roy');
  });
  it('a page\'s own mojibake', () => {
    expect(pick('<meta name="description" content="So schÃ¶n winterlich ist es">').description).toBe('So schön winterlich ist es');
  });
});
