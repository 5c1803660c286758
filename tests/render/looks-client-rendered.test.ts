import {describe, expect, it} from '@jest/globals';
import type {Candidates} from '../../src/data.js';
import {looksClientRendered} from '../../src/render/looks-client-rendered.js';

/** What a static read of an empty shell finds: its generic title and nothing else. */
const shellCandidates = (title: string | null = 'React App'): Candidates => ({
  title,
  description: null,
  lang: null,
  author: null,
  publisher: null,
  date: null,
  url: null,
  image: [],
  logo: [],
  video: [],
  audio: [],
});

const complete: Candidates = {
  ...shellCandidates('Harbour ferry timetable changes in May'),
  description: 'Three crossings are added on weekdays.',
  image: ['https://news.example/ferry.png'],
};

const page = (head: string, body: string) =>
  `<!doctype html><html><head><meta charset="utf-8">${head}</head><body>${body}</body></html>`;

const articleText = `<header><nav><a href="/">Harbour Gazette</a> <a href="/news">News</a></nav></header>
<article><h1>Harbour ferry timetable changes in May</h1>
<p>From the first Monday in May, the harbour ferry adds three crossings on weekdays, at 07:10, 12:40
and 18:25, and the last night boat leaves at 23:40 instead of 23:10. Weekend times stay as they are.</p>
<p>Season tickets bought before May remain valid, the operator said on Tuesday, and the new printed
timetables will be on board from the last week of April. Cyclists keep their reserved deck.</p></article>
<footer>© Harbour Gazette. Contact, imprint and privacy.</footer>`;

describe('looksClientRendered', () => {
  it.each([
    [
      'a create-react-app shell: empty #root and a bundle',
      page('<title>React App</title>', '<div id="root"></div><script src="/static/js/main.4f2a.js"></script>'),
    ],
    [
      'a Vue/Vite shell: empty #app and a module script in <head>',
      page('<title>vue-app</title><script type="module" crossorigin src="/assets/index-9c1b.js"></script>', '<div id="app"></div>'),
    ],
    [
      'a Next.js client-only page: empty #__next',
      page('<title></title>', '<div id="__next"></div><script src="/_next/static/chunks/main.js" defer></script>'),
    ],
    [
      'an Angular shell: empty <app-root>',
      page(
        '<title>MyApp</title><base href="/">',
        '<app-root></app-root><script src="runtime.js" type="module"></script><script src="main.js" type="module"></script>',
      ),
    ],
    [
      'a mount point holding only whitespace and a comment',
      page('<title>App</title>', '<div id="root">\n  <!-- rendered by the client -->\n</div><script src="/app.js"></script>'),
    ],
  ])('detects %s', (_name, html) => {
    const reason = looksClientRendered(html, shellCandidates());
    expect(typeof reason).toBe('string');
    expect(reason).not.toBe('');
  });

  it('detects a <noscript> asking for JavaScript, even with some text around it and no known mount point', () => {
    const html = page(
      '<title>Shop</title>',
      `<header><a href="/">Shop</a> <a href="/cart">Cart</a> <a href="/help">Help and contact</a></header>
       <noscript>You need to enable JavaScript to run this app.</noscript>
       <div class="shell"><div class="spinner"></div></div>
       <footer>Free shipping on orders over 50 euros. Returns within 30 days. Customer service is open
       Monday to Friday, 8 to 18. © Shop Ltd, all rights reserved.</footer>
       <script src="/assets/app.js"></script>`,
    );
    expect(looksClientRendered(html, shellCandidates('Shop'))).toEqual(expect.any(String));
  });

  it('detects a body with almost no text but scripts, whatever the mount point is called', () => {
    const html = page('<title>App</title>', '<main class="x9f"></main><script src="/bundle.js"></script>');
    expect(looksClientRendered(html, shellCandidates('App'))).toEqual(expect.any(String));
  });

  it('returns null for an ordinary article with text but no description or image', () => {
    const html = page('<title>Harbour ferry timetable changes in May</title><script async src="/analytics.js"></script>', articleText);
    expect(looksClientRendered(html, shellCandidates('Harbour ferry timetable changes in May'))).toBeNull();
  });

  it('returns null for a server-rendered app whose mount point is filled', () => {
    const html = page(
      '<title>Harbour ferry timetable changes in May</title>',
      `<div id="__next">${articleText}</div><script id="__NEXT_DATA__" type="application/json">{"props":{}}</script>
       <script src="/_next/static/chunks/main.js" defer></script>`,
    );
    expect(looksClientRendered(html, shellCandidates('Harbour ferry timetable changes in May'))).toBeNull();
  });

  it('returns null for an empty mount point with no script at all', () => {
    const html = page('<title>Notes</title>', `<div id="root"></div>${articleText}`);
    expect(looksClientRendered(html, shellCandidates('Notes'))).toBeNull();
  });

  it('returns null when the static metadata is complete, even for an empty shell', () => {
    const shell = page(
      `<title>Harbour ferry timetable changes in May</title>
       <meta name="description" content="Three crossings are added on weekdays.">
       <meta property="og:image" content="https://news.example/ferry.png">`,
      '<noscript>You need to enable JavaScript to run this app.</noscript><div id="root"></div><script src="/static/js/main.js"></script>',
    );
    expect(looksClientRendered(shell, complete)).toBeNull();
    // The same shell without the metadata is detected: the null above comes from the metadata.
    expect(looksClientRendered(shell, shellCandidates())).toEqual(expect.any(String));
  });
});
