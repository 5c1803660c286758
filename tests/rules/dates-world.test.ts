import {describe, expect, it} from '@jest/globals';
import {parseHtml} from '../../src/parse/parse-html.js';
import {findDates} from '../../src/rules/dates/read-date.js';
import {isoDate, textDate} from '../../src/rules/normalize.js';
import {pickFields} from '../../src/rules/rules.js';

/*
 * The world's ways of writing a day (issue 33: the held-out publication dates are in many languages):
 * digits of other scripts, the calendars pages count years in (Thailand's Buddhist era, the Persian solar
 * calendar, Japan's and Taiwan's eras), and month names past Europe's, each where a page shows it.
 */

const url = 'https://www.ledger.example/news/story';
const published = (markup: string): string | null | undefined => pickFields(parseHtml(markup), {url, headers: {}}).datePublished;
const filler = `<p>${'Text of the story, as the page writes it. '.repeat(20)}</p>`;
const page = (lang: string, body: string, head = ''): string => `<html lang="${lang}"><head><title>T</title>${head}</head><body>${body}</body></html>`;
// Where a page without metadata shows its date: a date element, a byline, a `<time>` without datetime, the block after the headline.
const places: [string, (text: string) => string][] = [
  ['date element', (text) => `<h1>Headline</h1><span class="date">${text}</span>${filler}`],
  ['byline', (text) => `<h1>Headline</h1><p class="byline">Anna Muster · ${text}</p>${filler}`],
  ['<time> text', (text) => `<h1>Headline</h1><time>${text}</time>${filler}`],
  ['after the headline', (text) => `<h1>Headline</h1><div>${text}</div>${filler}`],
];
// And where its metadata names it.
const values: [string, (text: string) => string][] = [
  ['meta', (text) => `<meta property="article:published_time" content="${text}">`],
  ['<time datetime>', (text) => `<time datetime="${text}">x</time>`],
];

// [lang, as the page writes it, the instant (a day alone is noon UTC)].
const conventions: [string, string, string][] = [
  // Full-width digits of Japanese and Chinese text, and Japan's and Taiwan's eras.
  ['ja', '２０１９年６月２４日', '2019-06-24'], ['ja', '２０１９年６月２４日 １０：３０', '2019-06-24T10:30'], ['ja', '令和元年6月24日', '2019-06-24'],
  ['ja', '平成31年4月1日', '2019-04-01'], ['zh-TW', '民國108年6月24日', '2019-06-24'],
  // Thai: the Buddhist era's year, in four digits or two, its era named, Thai digits, a numeric date.
  ['th', '24 มิถุนายน 2562', '2019-06-24'], ['th', '24 มิ.ย. 62', '2019-06-24'], ['th', 'วันจันทร์ที่ 24 มิถุนายน พ.ศ. 2562', '2019-06-24'],
  ['th', '๒๔ มิถุนายน ๒๕๖๒', '2019-06-24'], ['th', '24/06/2562 10:30 น.', '2019-06-24T10:30'],
  // Persian: the solar calendar's months and years, in Persian digits or ASCII ones, and Afghanistan's month names.
  ['fa', '۳ تیر ۱۳۹۸', '2019-06-24'], ['fa', 'دوشنبه ۰۳ تیر ۱۳۹۸ - ۱۰:۳۰', '2019-06-24T10:30'], ['fa', '1 فروردین 1398', '2019-03-21'],
  ['fa', '۱۰ دی ۱۳۹۸', '2019-12-31'], ['fa', '۱۳۹۸/۰۴/۰۳', '2019-06-24'], ['fa', '3 تير 1398', '2019-06-24'], ['fa-AF', '۳ سرطان ۱۳۹۸', '2019-06-24'],
  // Arabic: the Levant's and Egypt's names side by side.
  ['ar', 'الاثنين 24 حزيران/يونيو 2019', '2019-06-24'], ['ar', '٢٤ يونيو/حزيران ٢٠١٩', '2019-06-24'], ['ar', '24 أكتوبر/تشرين الأول 2019', '2019-10-24'],
  // India's and South Asia's scripts, with their digits.
  ['ur', '24 جون 2019', '2019-06-24'], ['bn', '২৪ জুন ২০১৯', '2019-06-24'], ['bn', '২৪ জানুয়ারি ২০১৯', '2019-01-24'], ['ta', '24 ஜூன் 2019', '2019-06-24'],
  ['te', '24 జూన్ 2019', '2019-06-24'], ['kn', '೨೪ ಜೂನ್ ೨೦೧೯', '2019-06-24'], ['ml', '24 ജൂൺ 2019', '2019-06-24'], ['gu', '૨૪ જૂન ૨૦૧૯', '2019-06-24'],
  ['pa', '24 ਜੂਨ 2019', '2019-06-24'], ['mr', '२४ जुलै २०१९', '2019-07-24'],
  // South-East Asia, the Caucasus and Central Asia, Africa and the British Isles.
  ['km', 'ថ្ងៃទី២៤ ខែមិថុនា ឆ្នាំ២០១៩', '2019-06-24'], ['lo', '24 ມິຖຸນາ 2019', '2019-06-24'], ['vi', 'Tháng Sáu 24, 2019', '2019-06-24'],
  ['vi', '24 tháng 6, 2019', '2019-06-24'], ['ka', '24 ივნისი 2019', '2019-06-24'], ['hy', '24 հունիսի 2019', '2019-06-24'],
  ['az', '24 iyun 2019', '2019-06-24'], ['kk', '24 маусым 2019', '2019-06-24'], ['af', '24 Junie 2019', '2019-06-24'], ['sw', '24 Juni 2019', '2019-06-24'],
  ['cy', '24 Mehefin 2019', '2019-06-24'], ['ga', '24 Meitheamh 2019', '2019-06-24'],
  // A day, an abbreviated month and a year joined by hyphens, as servers and forums write them.
  ['en', '24-Jun-2019', '2019-06-24'], ['es', '24-jun-2019', '2019-06-24'],
  // The languages that write the year first, in two digits too (`19.06.24`), and a four-digit year last as elsewhere.
  ['ko', '19.06.24 10:30', '2019-06-24T10:30'], ['ja', '19.06.24', '2019-06-24'], ['hu', '24.06.2019', '2019-06-24'],
  ['de', '19.06.24', '2024-06-19'],
];

describe('the world\'s digits, calendars and month names', () => {
  it('reads each where a page without metadata shows it', () => {
    for (const [lang, text, want] of conventions) {
      const instant = want.length === 10 ? `${want}T12:00:00.000Z` : `${want}:00.000Z`;
      for (const [place, body] of places) expect([lang, text, place, published(page(lang, body(text)))]).toEqual([lang, text, place, instant]);
    }
  });

  it('reads them in a meta and a <time datetime> too', () => {
    for (const [lang, text, want] of conventions) {
      const instant = want.length === 10 ? `${want}T12:00:00.000Z` : `${want}:00.000Z`;
      for (const [place, markup] of values) {
        const html = place === 'meta' ? page(lang, '<h1>H</h1>', markup(text)) : page(lang, `<h1>H</h1>${markup(text)}`);
        expect([lang, text, place, published(html)]).toEqual([lang, text, place, instant]);
      }
    }
  });

  it('converts every day of the Persian solar calendar from 1300 to 1409 as ICU\'s calendar does', () => {
    const persian = new Intl.DateTimeFormat('en-u-ca-persian-nu-latn', {timeZone: 'UTC', year: 'numeric', month: 'numeric', day: 'numeric'});
    const wrong: string[] = [];
    let days = 0;
    for (let time = Date.UTC(1921, 2, 21); time < Date.UTC(2031, 2, 21); time += 86_400_000) {
      const parts = Object.fromEntries(persian.formatToParts(new Date(time)).map((part) => [part.type, part.value]));
      const written = `${parts.year}/${parts.month}/${parts.day}`;
      const day = new Date(time).toISOString().slice(0, 10);
      days++;
      if (findDates(written, 'dmy', 1)[0]?.iso.slice(0, 10) !== day) wrong.push(`${written} ${day}`);
    }
    expect(days).toBeGreaterThan(40_000);
    expect(wrong).toEqual([]);
  });

  it('reads no day a calendar does not have, and no other year as another calendar\'s', () => {
    // The solar calendar's seventh to twelfth months have 30 days at most.
    expect(textDate('31 مهر 1398', 'dmy')).toBeNull();
    expect(isoDate('1398/07/31')).toBeNull();
    // A solar month's name with a Gregorian year is no date of that calendar; a Gregorian month's stays one.
    expect(textDate('3 تیر 2019', 'dmy')).toBeNull();
    expect(textDate('3 ژوئن 2019', 'dmy')).toBe('2019-06-03T12:00:00.000Z');
    // A two-digit year after a month of another language is a time or a number, not the Buddhist era's.
    expect(textDate('24 Jun 19:30', 'dmy')).toBeNull();
    // A Hijri date beside the Gregorian one (Arabic sites write both): the Gregorian day is read.
    expect(textDate('الاثنين 21 شوال 1440 هـ - 24 يونيو 2019 م', 'dmy')).toBe('2019-06-24T12:00:00.000Z');
    // ISO years outside the solar calendar's read are read as they are.
    expect(isoDate('2019-06-24')).toBe('2019-06-24T12:00:00.000Z');
    expect(isoDate('1899-06-24')).toBe('1899-06-24T12:00:00.000Z');
    expect(isoDate('1411-06-24')).toBe('1411-06-24T12:00:00.000Z');
  });
});

describe('publication and update labels in those languages', () => {
  // [lang, an update's label and date, the publication's label and date, the publication's day].
  const labelled: [string, string, string, string][] = [
    ['ja', '更新日：2019年6月25日', '掲載日：2019年6月24日', '2019-06-24'], ['zh', '更新时间：2019-06-25', '发布日期：2019-06-24', '2019-06-24'],
    ['ko', '수정 2019.06.25', '작성 2019.06.24', '2019-06-24'], ['th', 'แก้ไข 25 มิ.ย. 2562', 'เผยแพร่ 24 มิ.ย. 2562', '2019-06-24'],
    ['fa', 'بروزرسانی: ۴ تیر ۱۳۹۸', 'تاریخ انتشار: ۳ تیر ۱۳۹۸', '2019-06-24'], ['uk', 'Оновлено: 25 червня 2019', 'Опубліковано: 24 червня 2019', '2019-06-24'],
    ['bn', 'আপডেট: ২৫ জুন ২০১৯', 'প্রকাশিত: ২৪ জুন ২০১৯', '2019-06-24'], ['ur', 'اپ ڈیٹ 25 جون 2019', 'شائع 24 جون 2019', '2019-06-24'],
    ['et', 'Uuendatud 25. juuni 2019,', 'avaldatud 24. juuni 2019', '2019-06-24'], ['sk', 'Aktualizované 25. júna 2019,', 'publikované 24. júna 2019', '2019-06-24'],
  ];

  it('reads the publication\'s date of a text that names both after the update\'s, and the update\'s after a date without a label', () => {
    for (const [lang, update, publication, want] of labelled) {
      const text = `${update} ${publication}`;
      expect([lang, text, textDate(text, 'dmy')?.slice(0, 10)]).toEqual([lang, text, want]);
      expect([lang, published(page(lang, `<h1>Headline</h1><span class="date">${text}</span>${filler}`))?.slice(0, 10)]).toEqual([lang, want]);
      // An update's date comes after a date without a label.
      const unlabelled = `${update} 20.06.2019`;
      expect([lang, unlabelled, textDate(unlabelled, 'dmy')?.slice(0, 10)]).toEqual([lang, unlabelled, '2019-06-20']);
    }
  });

  it('reads a date a publication label names anywhere in the body', () => {
    const bodies: [string, string, string][] = [
      ['fa', 'تاریخ انتشار: ۳ تیر ۱۳۹۸', '2019-06-24'], ['ja', '掲載日：2019年6月24日', '2019-06-24'], ['th', 'เผยแพร่: 24 มิ.ย. 2562', '2019-06-24'],
      ['uk', 'Опубліковано 24 червня 2019', '2019-06-24'], ['et', 'Avaldatud: 24. juuni 2019', '2019-06-24'], ['hu', 'Megjelent: 2019. június 24.', '2019-06-24'],
      ['bn', 'প্রকাশিত: ২৪ জুন ২০১৯', '2019-06-24'], ['zh', '发布日期：2019-06-24', '2019-06-24'], ['ko', '작성일 2019.06.24', '2019-06-24'],
    ];
    for (const [lang, text, want] of bodies) {
      // No headline, no date element: the label is the page's only mark of its date, after the text.
      const html = page(lang, `<div class="content">${filler}${filler}</div><div class="info"><span>${text}</span></div>`);
      expect([lang, text, published(html)?.slice(0, 10)]).toEqual([lang, text, want]);
    }
  });
});

describe('the publication metas of more CMSs and analytics', () => {
  it('reads each, after the usual keys and before the body\'s dates', () => {
    const keys: [string, string, string][] = [
      ['id', '<meta name="content_PublishedDate" content="2019-06-24 10:30:00">', '2019-06-24T10:30:00.000Z'],
      ['en', '<meta property="article:post_date" content="2019-06-24T10:30:00+07:00">', '2019-06-24T03:30:00.000Z'],
      ['de', '<meta name="DC.created" content="2019-06-24">', '2019-06-24T12:00:00.000Z'],
      ['en', '<meta name="displaydate" content="June 24, 2019">', '2019-06-24T12:00:00.000Z'],
      ['fr', '<meta name="bt:pubdate" content="2019-06-24T10:30:00Z">', '2019-06-24T10:30:00.000Z'],
      ['en', '<meta name="analyticsAttributes.articleDate" content="2019-06-24">', '2019-06-24T12:00:00.000Z'],
      ['en', '<meta name="citation_date" content="2019/06/24">', '2019-06-24T12:00:00.000Z'],
      ['es', '<meta name="dateposted" content="24/06/2019">', '2019-06-24T12:00:00.000Z'],
    ];
    for (const [lang, meta, want] of keys) {
      expect([meta, published(page(lang, `<h1>Headline</h1>${filler}`, meta))]).toEqual([meta, want]);
      // The usual key comes first; a date the body shows comes after.
      expect(published(page(lang, '<h1>Headline</h1>', `<meta property="article:published_time" content="2019-06-20T08:00:00Z">${meta}`))).toBe('2019-06-20T08:00:00.000Z');
      expect([meta, published(page(lang, `<h1>Headline</h1><span class="date">20.06.2019</span>${filler}`, meta))]).toEqual([meta, want]);
    }
    // A bare `created` is a CMS record's creation, not read.
    expect(published(page('de', '<h1>Headline</h1>', '<meta name="created" content="2022-12-30 13:49:50 +0100">'))).toBeNull();
  });
});

describe('the date in the URL of a page of China\'s TRS CMS', () => {
  it('reads `/t20190624_4536.html`, and no other letter before eight digits', () => {
    const bare = page('zh-CN', '<h1>标题</h1><p>正文。</p>');
    const at = (address: string): string | null | undefined => pickFields(parseHtml(bare), {url: address, headers: {}}).datePublished;
    expect(at('http://www.gov.example.cn/zhengce/201906/t20190624_4536.html')).toBe('2019-06-24T12:00:00.000Z');
    expect(at('http://www.news.example.cn/xw/t20190624_4536.shtml')).toBe('2019-06-24T12:00:00.000Z');
    expect(at('http://www.gov.example.cn/zhengce/p20190624_4536.html')).toBeNull();
    // Not a day: no date.
    expect(at('http://www.gov.example.cn/zhengce/t20191334_4536.html')).toBeNull();
  });
});

describe('a bare `en` on a country\'s domain', () => {
  it('reads numeric dates in the domain\'s order: `en` names no country, `en-US` does', () => {
    const at = (lang: string, address: string): string | null | undefined =>
      pickFields(parseHtml(page(lang, `<h1>Headline</h1><span class="date">05/06/2019</span>${filler}`)), {url: address, headers: {}}).datePublished;
    expect(at('en', 'https://www.example.co.uk/news/story')).toBe('2019-06-05T12:00:00.000Z');
    expect(at('en', 'https://www.example.in/news/story')).toBe('2019-06-05T12:00:00.000Z');
    expect(at('EN', 'https://www.example.com.au/news/story')).toBe('2019-06-05T12:00:00.000Z');
    // A domain that names no country, or a month-first one, and an American tag keep month first.
    expect(at('en', 'https://www.example.com/news/story')).toBe('2019-05-06T12:00:00.000Z');
    expect(at('en', 'https://www.example.io/news/story')).toBe('2019-05-06T12:00:00.000Z');
    expect(at('en', 'https://www.example.ph/news/story')).toBe('2019-05-06T12:00:00.000Z');
    expect(at('en-US', 'https://www.example.co.uk/news/story')).toBe('2019-05-06T12:00:00.000Z');
  });
});

describe('a time run into the year before it', () => {
  // A date's and a time's `<span>`s without a space between their texts: the parse reads `24 Juni 201910:30`.
  it('ends the year where the time starts', () => {
    expect(textDate('Senin, 24 Juni 201910:30 WIB', 'dmy')).toBe('2019-06-24T03:30:00.000Z');
    expect(textDate('24.06.201910:30', 'dmy')).toBe('2019-06-24T10:30:00.000Z');
    expect(published(page('id', `<h1>Judul berita</h1><div class="meta"><span>Senin, 24 Juni 2019</span><span>10:30 WIB</span></div>${filler}`))).toBe('2019-06-24T03:30:00.000Z');
  });

  it('reads no day of a year before the web from a month and digits run together', () => {
    // Before: 20 June 1910 (`Juni 20` and `1910`).
    expect(textDate('Juni 201910', 'dmy')).toBeNull();
    // A day run into a year of the web still is one (`June 242019`: `June 24` and `2019` in two spans).
    expect(textDate('June 242019', 'mdy')).toBe('2019-06-24T12:00:00.000Z');
  });
});
