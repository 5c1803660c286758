// docs/fetching.md "Stopping early": the table of what settles each field is held to
// unsettledFields, on heads that carry the tag the table names, and on heads that carry every tag.
import {describe, expect, it} from '@jest/globals';
import type {MediaField} from '../../src/data.js';
import {parseHtml} from '../../src/parse/parse-html.js';
import {metaFields, type MetaField} from '../../src/rules/meta.js';
import {unsettledFields} from '../../src/rules/settled-fields.js';
import {readDoc, section, tables} from '../helpers/readme.js';
import {profiles} from '../../bench/early-stop.js';

const doc = readDoc('docs/fetching.md');
const table = tables(section(doc, 'Stopping early').body).find((candidate) => candidate.header[0] === 'Field')!;

// A value each tag's field accepts.
const contents: Record<string, string> = {
  'og:title': 'Harbour lights return',
  'og:description': 'The lamps along the quay are lit again.',
  'og:locale': 'en_GB',
  'article:author': 'Ada Lovelace',
  'article:published_time': '2026-11-25T10:00:00Z',
  'og:url': 'https://news.test/harbour',
  'og:image': 'https://news.test/cover.png',
  'og:logo': 'https://news.test/logo.png',
  'og:video': 'https://news.test/clip.mp4',
  'og:audio': 'https://news.test/episode.mp3',
};
const headWith = (tags: string[]) =>
  `<html lang="en"><head><title>Harbour</title>${tags.map((tag) => `<meta property="${tag}" content="${contents[tag]}">`).join('')}</head><body>`;
const page = {url: 'https://news.test/harbour', headers: {}};
const isMedia = (field: MetaField) => ['image', 'logo', 'video', 'audio'].includes(field);
const unsettled = (html: string, field: MetaField, pinged: boolean) =>
  unsettledFields(parseHtml(html), page, [field], (media: MediaField) => pinged && media === field).includes(field);

describe('docs/fetching.md, Stopping early: what settles each field', () => {
  it('has one row per field', () => {
    expect(table.rows.map((row) => row[0]).sort()).toEqual(metaFields.map((field) => `\`${field}\``).sort());
  });

  it.each(table.rows.map((row): [MetaField, string] => [row[0]!.replaceAll('`', '') as MetaField, row[1]!]))('%s: %s', (field, cell) => {
    const everyTag = headWith(Object.keys(contents));
    if (cell.startsWith('never')) {
      // Not even a head with every tag settles it.
      expect(unsettled(everyTag, field, false)).toBe(true);
      return;
    }
    const tag = /^`([^`]+)`/.exec(cell)?.[1] ?? '';
    expect(Object.keys(contents)).toContain(tag);
    // The tag alone settles the field (media: with its ping off)...
    expect(unsettled(headWith([tag]), field, false)).toBe(false);
    // ...a head without it does not...
    expect(unsettled(headWith(Object.keys(contents).filter((other) => other !== tag)), field, false)).toBe(true);
    // ...and a media field ping checks never is.
    if (isMedia(field)) {
      expect(cell).toContain(`ping.${field}\` off`);
      expect(unsettled(everyTag, field, true)).toBe(true);
    }
  });
});

describe('docs/fetching.md, Stopping early: the bench figures', () => {
  it('name the calls bench/early-stop.ts makes, in its order', () => {
    const figures = tables(section(doc, 'Stopping early').body).find((candidate) => candidate.header[0] === 'Fields asked')!;
    const asked = (profile: (typeof profiles)[number]) => {
      const meta = profile.options.meta;
      return meta === undefined ? 'every field' : Object.keys(meta).map((field) => `\`${field}\``).join(', ');
    };
    expect(figures.rows.map((row) => row[0])).toEqual(profiles.map(asked));
    for (const profile of profiles) expect(profile.options.ping).toBe(false);
  });
});
