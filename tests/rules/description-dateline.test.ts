import {describe, expect, it} from '@jest/globals';
import {parseHtml} from '../../src/parse/parse-html.js';
import {pickFields, rules} from '../../src/rules/rules.js';

/* A wire dateline opening a description is dropped, as the hosted service drops it (MICROLINK.md §1.3, description). */

const url = 'https://www.capitolwire.example/2021/03/03/senate-vote';
const descriptionOf = (content: string): string | null =>
  pickFields(parseHtml(`<html><head><meta property="og:description" content="${content}"></head><body><h1>Senate passes the ferry bill</h1></body></html>`), {url, headers: {}}, rules, null).description;

describe('a place in capitals and a dash opening a description', () => {
  it.each([
    ['an em dash', 'WASHINGTON — The Senate passed the ferry bill on Tuesday.', 'The Senate passed the ferry bill on Tuesday.'],
    ['two words and a hyphen', 'NEW YORK - Shares of ferry operators rose on Tuesday.', 'Shares of ferry operators rose on Tuesday.'],
    ['a place with a dot', 'ST. LOUIS — The river ferry resumes service on Monday.', 'The river ferry resumes service on Monday.'],
  ])('%s is dropped', (_name, content, expected) => {
    expect(descriptionOf(content)).toBe(expected);
  });

  it.each([
    ['a German kicker behind an en dash', 'MIGRATION – Probleme zwischen Einheimischen und Geflüchteten am Hafen.'],
    ['a capitalised word in a sentence', 'The SENATE - not the House - passed the ferry bill.'],
    ['a single capital', 'A - the first letter of the ferry timetable.'],
    ['a place with a comma', 'LONDON, England — The ferry keeps running.'],
  ])('%s stays', (_name, content) => {
    expect(descriptionOf(content)).toBe(content);
  });

  it('a dateline alone stays (nothing follows it)', () => {
    expect(descriptionOf('WASHINGTON —')).toBe('WASHINGTON —');
  });
});
