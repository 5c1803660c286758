import {describe, expect, it} from '@jest/globals';
import {readDoc, section, tables} from '../../helpers/readme.js';
import {defaultSites} from '../../../src/rules/rules.js';
import {oembedFields} from '../../../src/rules/sites/oembed-rules.js';

const fieldOrder = ['title', 'description', 'author', 'publisher', 'date', 'datePublished', 'dateModified', 'url', 'image', 'logo', 'video', 'audio', 'lang'] as const;
const list = (cell: string): string[] => (cell === '—' ? [] : cell.split(', ').map((item) => item.replace(/`/g, '')));

describe('docs/sites.md', () => {
  it('the sites table lists every site module with its hosts, page kinds, ruled and refused fields', () => {
    const [table] = tables(section(readDoc('docs/sites.md'), '## The sites').body);
    expect(table!.header.slice(0, 5)).toEqual(['Site', 'Hosts', 'Page kinds', 'Site rules for', 'Refused values of']);
    const documented = table!.rows.map((row) => ({
      id: row[0]!.replace(/`/g, ''), hosts: list(row[1]!), kinds: list(row[2]!), rules: list(row[3]!), refuse: list(row[4]!),
    }));
    expect(documented).toEqual(defaultSites.map((site) => ({
      id: site.id, hosts: site.hosts, kinds: (site.kinds ?? []).map((kind) => kind.kind),
      // `price` last: a site's own price rule (`site.price`), read before the page's product data.
      rules: [...fieldOrder.filter((field) => (site.rules[field]?.length ?? 0) > 0), ...(site.price === undefined ? [] : ['price'])],
      refuse: fieldOrder.filter((field) => site.refuse?.[field] !== undefined),
    })));
  });

  it('the oEmbed table lists every site that reads oEmbed: when it asks and the fields its oEmbed rules give', () => {
    const [table] = tables(section(readDoc('docs/sites.md'), '## oEmbed as a rule source').body);
    expect(table!.header.slice(0, 3)).toEqual(['Site', 'Asked', 'Fields from oEmbed']);
    const documented = table!.rows.map((row) => ({id: row[0]!.replace(/`/g, ''), asked: row[1], fields: list(row[2]!)}));
    expect(documented).toEqual(defaultSites.filter((site) => site.oembed !== undefined).map((site) => ({
      id: site.id, asked: site.oembed!.parallel ? 'alongside' : 'after',
      fields: fieldOrder.filter((field) => oembedFields(site).includes(field)),
    })));
    // Every site that declares oEmbed reads it somewhere, and none reads it without declaring it.
    for (const site of defaultSites) expect(site.oembed !== undefined).toBe(oembedFields(site).length > 0);
  });
});
