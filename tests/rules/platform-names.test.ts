import {describe, expect, it} from '@jest/globals';
import {parseHtml} from '../../src/parse/parse-html.js';
import {isPlatformName} from '../../src/rules/platform-names.js';
import {pickFields, rules} from '../../src/rules/rules.js';

/* A blogging platform's name is not the publisher of a site that names itself (issue 33 item 2). */

const publisherOf = (html: string, url = 'https://kitchen-notes.example/2020/09/okra.html'): string | null =>
  pickFields(parseHtml(html), {url, headers: {}}, rules, null).publisher;

describe('platform names as publisher', () => {
  it('Blogger\'s template JSON-LD publisher gives way to og:site_name', () => {
    expect(publisherOf(`<meta property="og:site_name" content="Kitchen Notes">
      <script type="application/ld+json">{"@type":"BlogPosting","headline":"Okra","publisher":{"@type":"Organization","name":"Blogger"}}</script>`)).toBe('Kitchen Notes');
  });
  it('an app name WordPress.com gives way to the <title> suffix', () => {
    expect(publisherOf('<meta property="al:ios:app_name" content="WordPress.com"><title>Okra masala | Kitchen Notes</title>')).toBe('Kitchen Notes');
  });
  it('still the answer when nothing else names the site', () => {
    expect(publisherOf('<script type="application/ld+json">{"@type":"BlogPosting","publisher":{"@type":"Organization","name":"Blogger"}}</script>')).toBe('Blogger');
  });
  it('the platform on its own domain is its own publisher', () => {
    expect(isPlatformName('Medium', 'https://medium.com/@ann/a-post-1234')).toBe(false);
    expect(isPlatformName('Medium', 'https://ann.example/a-post')).toBe(true);
    expect(isPlatformName('Medium Rare Kitchen', 'https://ann.example/a-post')).toBe(false);
  });
});
