import {afterAll, beforeAll, describe, expect, it} from '@jest/globals';
import {createExtractor} from '../../src/extract.js';
import {parseHtml} from '../../src/parse/parse-html.js';
import {hostOrder} from '../../src/rules/dates/date-order.js';
import {isoDate, textDate} from '../../src/rules/normalize.js';
import {pickFields} from '../../src/rules/rules.js';
import {html, startServer, type TestServer} from '../helpers/server.js';
import {isLoopback} from '../helpers/policy.js';
import {namesLookup} from '../helpers/multi-site-web.js';

/*
 * News sites' date conventions in the languages the date rules read (issue 33: the held-out set of
 * publication dates is multilingual). Each is written where a page writes it: a date element, a byline
 * line after the headline, a label in the body, a `<time>` without `datetime`.
 */

const url = 'https://www.ledger.example/news/story';
const published = (markup: string, at = url): string | null | undefined => pickFields(parseHtml(markup), {url: at, headers: {}}).datePublished;
const page = (lang: string, body: string): string => `<html${lang === '' ? '' : ` lang="${lang}"`}><head><title>T</title></head><body>${body}</body></html>`;
const filler = `<p>${'Texte de l\'article. '.repeat(30)}</p>`;
const places: [string, (text: string) => string][] = [
  ['date element', (text) => `<h1>Titre</h1><span class="date">${text}</span>${filler}`],
  ['byline', (text) => `<h1>Titre</h1><p class="byline">Par Anna Muster · ${text}</p>${filler}`],
  ['<time> text', (text) => `<h1>Titre</h1><time>${text}</time>${filler}`],
];

// [lang, as the site writes it, the instant (a day alone is noon UTC)].
const conventions: [string, string, string][] = [
  ['fr', 'Publié le 13/06/2019 à 10h30', '2019-06-13T10:30'],
  ['fr', 'Mis à jour le 14/06/2019 à 08h00 - Publié le 13/06/2019 à 10h30', '2019-06-13T10:30'],
  ['fr', 'le 1er juin 2019', '2019-06-01'],
  ['fr', '13e juin 2019', '2019-06-13'],
  ['es', 'Actualizado 13/06/2019 10:30', '2019-06-13T10:30'],
  ['es', 'jueves, 13 de junio de 2019, 10:30', '2019-06-13T10:30'],
  ['es', '13 jun. 2019 - 10:30 CEST', '2019-06-13T08:30'],
  ['it', 'giovedì 13 giu. 2019 ore 10:30', '2019-06-13T10:30'],
  ['pt-BR', '13/06/2019 10h30', '2019-06-13T10:30'],
  ['pt', '13 de junho de 2019', '2019-06-13'],
  ['nl', 'donderdag 13 juni 2019, 10:30 uur', '2019-06-13T10:30'],
  ['pl', '13.06.2019, godz. 10:30', '2019-06-13T10:30'],
  ['pl', '13 czerwca 2019, 10:30', '2019-06-13T10:30'],
  ['cs', 'čtvrtek 13. června 2019, 10:30', '2019-06-13T10:30'],
  ['ru', '13 июня 2019 10:30 (МСК)', '2019-06-13T07:30'],
  ['ru', '13.06.2019 в 10:30 МСК', '2019-06-13T07:30'],
  ['ru', '13 июн. 2019 г.', '2019-06-13'],
  ['uk', '13 червня 2019, 10:30', '2019-06-13T10:30'],
  ['tr', '13 Haz 2019 saat 10:30', '2019-06-13T10:30'],
  ['ja', '2019年6月13日 10時30分', '2019-06-13T10:30'],
  ['ja', '2019年6月13日(木) 10:30', '2019-06-13T10:30'],
  ['zh-TW', '2019年6月13日 下午3:30', '2019-06-13T15:30'],
  ['ko', '2019.06.13 오후 3:30', '2019-06-13T15:30'],
  ['ko', '2019-06-13 오전 10:30', '2019-06-13T10:30'],
  ['ar', '13 حزيران 2019', '2019-06-13'],
  ['ar', '13 تشرين الأول 2019', '2019-10-13'],
  ['ar', '13 جوان 2019', '2019-06-13'],
  ['hi', 'अपडेटेड: 14 जून 2019 प्रकाशित: 13 जून 2019', '2019-06-13'],
  ['id', 'Kamis, 13 Jun 2019 10:30 WIB', '2019-06-13T03:30'],
  ['id', 'Kamis, 13/06/2019 pukul 10:30 WIB', '2019-06-13T03:30'],
  ['vi', 'Thứ năm, 13/6/2019, 10:30 (GMT+7)', '2019-06-13T03:30'],
  ['fi', '13.6.2019 klo 10.30', '2019-06-13T10:30'],
  ['th', '13 มิถุนายน 2019', '2019-06-13'],
];

describe('news sites\' date conventions in many languages', () => {
  it('reads each where a page writes it: a date element, a byline, a <time> without datetime', () => {
    for (const [lang, text, want] of conventions) {
      const instant = want.length === 10 ? `${want}T12:00:00.000Z` : `${want}:00.000Z`;
      for (const [place, body] of places) {
        // A `<time>` holds one date: the texts that write two (an update and the publication) are a byline's or a label's.
        if (place === '<time> text' && /\d{4}.*\d{4}/.test(text)) continue;
        expect([lang, text, place, published(page(lang, body(text)))]).toEqual([lang, text, place, instant]);
      }
    }
  });

  it('reads Arabic-Indic, Persian and Devanagari digits, in text and in a meta value', () => {
    expect(textDate('١٣ يونيو ٢٠١٩', 'dmy')).toBe('2019-06-13T12:00:00.000Z');
    expect(textDate('१३ जून २०१९', 'dmy')).toBe('2019-06-13T12:00:00.000Z');
    expect(isoDate('۲۰۱۹-۰۶-۱۳')).toBe('2019-06-13T12:00:00.000Z');
    expect(published(page('ar', `<h1>عنوان</h1><p class="byline">بقلم أحمد · ١٣ يونيو ٢٠١٩</p>${filler}`))).toBe('2019-06-13T12:00:00.000Z');
    // In a date element, and in the text right after the headline, as Egyptian news sites write them.
    expect(published(page('ar', `<h1>عنوان</h1><span class="date">الخميس، ١٣ يونيو ٢٠١٩ ١٠:٣٠ ص</span>${filler}`))).toBe('2019-06-13T10:30:00.000Z');
    expect(published(page('ar', `<h1>عنوان</h1><div>الخميس، ١٣ يونيو ٢٠١٩</div>${filler}`))).toBe('2019-06-13T12:00:00.000Z');
  });

  it('reads a zone written as GMT+7, in brackets, or as Indonesia\'s, and no zone from a French `et`', () => {
    expect(textDate('13/06/2019 10:30 GMT+7', 'dmy')).toBe('2019-06-13T03:30:00.000Z');
    expect(textDate('13/06/2019 10:30 GMT+05:30', 'dmy')).toBe('2019-06-13T05:00:00.000Z');
    expect(textDate('13 Juni 2019 10:30 WITA', 'dmy')).toBe('2019-06-13T02:30:00.000Z');
    expect(textDate('13 juin 2019 10h30 et modifié', 'dmy')).toBe('2019-06-13T10:30:00.000Z');
    // A number after a date is no zone without GMT or UTC before it.
    expect(textDate('13/06/2019 10:30 - 7 commentaires', 'dmy')).toBe('2019-06-13T10:30:00.000Z');
  });
});

describe('values of metas, <time datetime> and labels in many languages\' shapes', () => {
  it('reads each as a meta, a <time datetime>, a date element and a label', () => {
    const values: [string, string, string][] = [
      ['id', '2019-06-13 10:30:00 +0700', '2019-06-13T03:30'], ['id', 'Thu, 13 Jun 2019 10:30:00 +0700', '2019-06-13T03:30'],
      ['ru', '13 июня 2019 года', '2019-06-13'], ['pl', '13 czerwca 2019 r.', '2019-06-13'], ['cs', '13. 6. 2019', '2019-06-13'],
      ['ro', '13.06.2019, ora 10:30', '2019-06-13T10:30'], ['hr', '13.06.2019. u 10:30', '2019-06-13T10:30'], ['sr', '13. jun 2019. 10:30', '2019-06-13T10:30'],
      ['sk', '13.6.2019 o 10:30', '2019-06-13T10:30'], ['ko', '2019.06.13. 10:30', '2019-06-13T10:30'], ['ms', '13 Jun 2019 @ 10:30', '2019-06-13T10:30'],
      ['fa', '13 ژوئن 2019', '2019-06-13'], ['th', '13 มิ.ย. 2562', '2019-06-13'], ['th', '13 มิถุนายน 2562 10:30 น.', '2019-06-13T10:30'], ['es', '13/06/2019 10:30 p. m.', '2019-06-13T22:30'], ['zh', '2019年06月13日10:30', '2019-06-13T10:30'],
      ['en-IN', '13 June, 2019 10:30 am IST', '2019-06-13T05:00'], ['da', '13. jun. 2019 kl. 10.30', '2019-06-13T10:30'],
    ];
    for (const [lang, text, want] of values) {
      const instant = want.length === 10 ? `${want}T12:00:00.000Z` : `${want}:00.000Z`;
      const html = (head: string, body: string): string => `<html lang="${lang}"><head><title>T</title>${head}</head><body><h1>H</h1>${body}</body></html>`;
      const shapes: [string, string][] = [
        ['meta', html(`<meta property="article:published_time" content="${text}">`, '')], ['time', html('', `<time datetime="${text}">x</time>`)],
        ['element', html('', `<span class="date">${text}</span>`)], ['label', html('', `${filler}<p>Published: ${text}</p>`)],
      ];
      for (const [place, markup] of shapes) expect([lang, text, place, published(markup)]).toEqual([lang, text, place, instant]);
    }
  });
});

describe('the order of a page\'s numeric dates from its country domain when it names no language', () => {
  it('reads day first on a country\'s domain, month first on .com, .us and the domains used as words', () => {
    expect(hostOrder('https://www.journal.example.fr/a')).toBe('dmy');
    expect(hostOrder('https://www.folha.example.com.br/a')).toBe('dmy');
    expect(hostOrder('http://news.example.co.uk:8080/a')).toBe('dmy');
    expect(hostOrder('https://www.example.com/a')).toBeNull();
    expect(hostOrder('https://tool.example.io/a')).toBeNull();
    expect(hostOrder('https://city.example.us/a')).toBe('mdy');
    expect(hostOrder('http://127.0.0.1:8080/a')).toBeNull();
    const bare = page('', '<h1>Titre</h1><span class="date">05/06/2019</span>');
    expect(published(bare, 'https://www.journal.example.fr/a')).toBe('2019-06-05T12:00:00.000Z');
    expect(published(bare, 'https://www.journal.example.com/a')).toBe('2019-05-06T12:00:00.000Z');
    // The page's language wins over its domain.
    expect(published(page('en-US', '<h1>T</h1><span class="date">05/06/2019</span>'), 'https://www.journal.example.fr/a')).toBe('2019-05-06T12:00:00.000Z');
  });
});

describe('through extract(), at a site\'s own host', () => {
  let server: TestServer;
  const hosts: Record<string, string> = {'www.journal.example.fr': '127.0.0.1', 'www.gazette.example.com': '127.0.0.1'};
  const lookup = namesLookup(hosts);
  const extract = createExtractor({allowAddress: isLoopback, dnsLookup: lookup});

  beforeAll(async () => {
    server = await startServer({
      '/bare': html('<html><head><title>Grève</title></head><body><h1>Grève</h1><p class="meta">Publié le 05/06/2019 à 10h30</p><p>Texte.</p></body></html>'),
      '/ld': html(`<html lang="id"><head><title>Banjir</title><script type="application/ld+json">{"@type":"NewsArticle","headline":"Banjir","datePublished":"2019-06-13T06:30:00+07:00"}</script></head><body><h1>Banjir</h1><p class="byline">Kamis, 13 Jun 2019 06:30 WIB</p></body></html>`),
    });
  });
  afterAll(() => server.close());

  it('reads a bare page\'s numeric date day first on a French domain, month first on a .com one', async () => {
    expect((await extract(`http://www.journal.example.fr:${server.port}/bare`, {ping: false})).data.datePublished).toBe('2019-06-05T10:30:00.000Z');
    expect((await extract(`http://www.gazette.example.com:${server.port}/bare`, {ping: false})).data.datePublished).toBe('2019-05-06T10:30:00.000Z');
  });

  it('keeps a JSON-LD date\'s local offset (an Indonesian morning is the day before in UTC)', async () => {
    expect((await extract(`http://www.gazette.example.com:${server.port}/ld`, {ping: false})).data.datePublished).toBe('2019-06-12T23:30:00.000Z');
  });
});

describe('the date folders of Chinese news sites\' URLs', () => {
  it('reads Xinhua\'s `/2012-06/04/` and `/201206/04/` and People\'s Daily\'s `/2019/0613/`, and no id', () => {
    const bare = page('zh-CN', '<h1>标题</h1><p>正文。</p>');
    expect(published(bare, 'http://www.he.xinhuanet.com/news/2012-06/04/content_25340717.htm')).toBe('2012-06-04T12:00:00.000Z');
    expect(published(bare, 'http://www.news.example.cn/news/201206/04/content_1.htm')).toBe('2012-06-04T12:00:00.000Z');
    expect(published(bare, 'http://politics.people.example.cn/n1/2019/0613/c1001-31135160.html')).toBe('2019-06-13T12:00:00.000Z');
    // A number that is no month and day, or a last segment, is no date.
    expect(published(bare, 'http://www.news.example.cn/n1/2019/1334/c1001.html')).toBeNull();
    expect(published(bare, 'http://www.news.example.cn/n1/2019/0613')).toBeNull();
  });
});
