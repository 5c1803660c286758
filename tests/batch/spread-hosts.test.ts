// The queue's order: one site's pages spread evenly through the batch (src/batch/spread-hosts.ts).
import {expect, it} from '@jest/globals';
import {spreadByDomain} from '../../src/batch/spread-hosts.js';

it('spreads each registrable domain evenly, keeps each domain in order, and loses nothing', () => {
  const popular = Array.from({length: 6}, (_, i) => `https://www.popular.com/p/${i}`);
  const others = ['https://a.org/1', 'https://news.a.org/2', 'https://b.net/1', 'https://b.net/2', 'https://c.io/1', 'https://c.io/2'];
  const input = [...popular, ...others];
  const out = spreadByDomain(input, (url) => url);
  expect([...out].sort()).toEqual([...input].sort());
  // The popular site's pages keep their order and run from the start to the end: the k-th of n at
  // (k + 0.5) / n of the way (1/12, 3/12 … 11/12), the others' two at 1/4 and 3/4, ties in input order.
  const positions = out.map((url, index) => (url.includes('popular.com') ? index : -1)).filter((index) => index >= 0);
  expect(out.filter((url) => url.includes('popular.com'))).toEqual(popular);
  expect(positions).toEqual([0, 1, 5, 6, 7, 11]);
  expect(out.slice(2, 5)).toEqual(['https://a.org/1', 'https://b.net/1', 'https://c.io/1']);
  // a.org and news.a.org are one site: its two pages are spread like b.net's and c.io's.
  expect(out.filter((url) => url.includes('a.org'))).toEqual(['https://a.org/1', 'https://news.a.org/2']);
  expect(spreadByDomain([], (url: string) => url)).toEqual([]);
});
