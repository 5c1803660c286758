import {describe, expect, it} from '@jest/globals';
import {urlDate} from '../../src/rules/body-rules.js';

describe('a date in the URL, in the forms press pages use', () => {
  it('reads a compact year-month-day opening a segment, and a day-month-year segment', () => {
    expect(urlDate('https://www.council.example/texte/22/20220127-remembrance-ceremony.html')).toBe('2022-01-27');
    expect(urlDate('https://news.example/detail/20200102/1000200033_1.html')).toBe('2020-01-02');
    expect(urlDate('https://www.society.example/media-news/meldungen/29-10-2021')).toBe('2021-10-29');
    expect(urlDate('https://news.example/2016/05/16/story')).toBe('2016-05-16');
  });

  it('reads a compact date in a segment\'s name: a Chinese CMS\'s `t20190624_…`, a slug\'s `_20190624_` or `-20190624.html`', () => {
    expect(urlDate('https://www.ministry.example.cn/xxgk/201906/t20190624_123456.html')).toBe('2019-06-24');
    expect(urlDate('https://news.example.kr/article_20190624_0001.html')).toBe('2019-06-24');
    expect(urlDate('https://www.example.it/cronaca/incendio-in-centro-20190624.html')).toBe('2019-06-24');
    expect(urlDate('https://www.example.it/cronaca/incendio-in-centro-20190624')).toBe('2019-06-24');
    // Not an id that only looks like one, nor a day that does not exist.
    expect(urlDate('https://shop.example/item-20191324.html')).toBeNull();
    expect(urlDate('https://shop.example/sku120190624.html')).toBeNull();
    expect(urlDate('https://shop.example/item-201906245.html')).toBeNull();
  });

  it('takes no id, archive stamp or impossible day for a date', () => {
    expect(urlDate('https://archive.example/web/20120611024252/http://news.example/a')).toBeNull();
    expect(urlDate('https://shop.example/p/20221399-lamp')).toBeNull();
    expect(urlDate('https://news.example/meldungen/31-02-2021')).toBeNull();
    expect(urlDate('https://news.example/item/12345678')).toBeNull();
    expect(urlDate('https://news.example/p/20160516')).toBeNull();
  });
});
