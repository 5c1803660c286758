import {Parser} from 'htmlparser2';
import type {Candidates} from '../../data.js';
import type {MetaField} from '../meta.js';
import {named, type Rule} from '../rule-kit.js';
import type {SiteField, SiteRules} from './site.js';

/*
 * Rules that read a site's oEmbed answer (`context.oembed`, the page's `oembed`): extract() asks the
 * site's endpoint when the site declares `oembed` (site.ts), and these rules pick the members the
 * site's answer is trusted for. Each is named `oembed(...)`: that prefix is how {@link oembedFields}
 * knows which fields an answer can settle.
 */

const prefix = 'oembed(';

/** A string member of the site's oEmbed answer (`title`, `author_name`, `thumbnail_url`), trimmed; nothing without an answer. */
export function oembed(key: string): Rule {
  return named(`${prefix}${key})`, (_snapshot, context) => {
    const value = context.oembed?.[key];
    return typeof value === 'string' ? value.trim() : null;
  });
}

/** A member of the answer passed through `change` (`null` drops it): a title built from `author_name`. */
export function oembedMapped(label: string, key: string, change: (value: string, answer: Readonly<Record<string, unknown>>) => string | null): Rule {
  return named(`${prefix}${label})`, (_snapshot, context) => {
    const answer = context.oembed;
    const value = answer?.[key];
    return answer === undefined || typeof value !== 'string' || value.trim() === '' ? null : change(value.trim(), answer);
  });
}

/**
 * The text of the first `<p>` of the answer's `html` (an embedded post's blockquote: `<blockquote><p>the
 * post</p>— Name (@handle) <a>date</a></blockquote>`), entities decoded, `<br>` as a line break.
 */
export const oembedParagraph: Rule = named(`${prefix}html p)`, (_snapshot, context) => {
  const html = context.oembed?.html;
  return typeof html === 'string' ? firstParagraph(html) : null;
});

/** The text of the first `<p>` of `html`, or `null`. */
export function firstParagraph(html: string): string | null {
  let depth = 0;
  let text = '';
  let done = false;
  const parser = new Parser({
    onopentag(name) {
      if (done) return;
      if (name === 'p') depth++;
      else if (name === 'br' && depth > 0) text += '\n';
    },
    ontext(data) {
      if (!done && depth > 0) text += data;
    },
    onclosetag(name) {
      if (done || name !== 'p' || depth === 0) return;
      depth--;
      if (depth === 0) done = true;
    },
  });
  parser.end(html);
  const trimmed = text.trim();
  return trimmed === '' ? null : trimmed;
}

/** The fields whose site rules read the oEmbed answer (a rule named `oembed(...)`, or one made from one), in `site.rules` order. */
export function oembedFields(site: SiteRules): SiteField[] {
  const fields: SiteField[] = [];
  for (const [field, list] of Object.entries(site.rules) as [SiteField, Rule[] | undefined][]) {
    if (list?.some((rule) => rule.name.startsWith(prefix))) fields.push(field);
  }
  return fields;
}

/** Whether a call with these `meta` fields asks the site's oEmbed at all: the site declares one and a field it gives is wanted. */
export function wantsOEmbed(site: SiteRules | null, meta: Readonly<Record<MetaField, boolean>>): site is SiteRules & {oembed: NonNullable<SiteRules['oembed']>} {
  return site?.oembed !== undefined && oembedFields(site).some((field) => meta[field]);
}

/** Whether the page left a wanted field the site's oEmbed answer gives empty: when a site that asks after the page asks. */
export function leftEmpty(candidates: Candidates, site: SiteRules, meta: Readonly<Record<MetaField, boolean>>): boolean {
  return oembedFields(site).some((field) => {
    if (!meta[field]) return false;
    const value = candidates[field];
    return value === null || value === undefined || (Array.isArray(value) && value.length === 0);
  });
}
