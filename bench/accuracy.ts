// npm run accuracy: per-field accuracy of the extraction rules on the fixture pages that have
// expected values, exact and lenient, so regressions show: tests/fixtures/pages/expected.json (every
// field), then the article pages of tests/fixtures/articles/expected.json (bylines and descriptions,
// issue 28: title, description, author, publisher, datePublished only).
// No network, no timing: it runs in a second and its figures are the same on every machine.
// `npm run accuracy -- --corpus ../shared/corpora/real-pages` scores real saved pages instead
// (bench/real-pages.ts: served on loopback at their own hosts; skipped when the folder is missing).
import {articlesDirectory, extractPage, formatScore, loadExpected, pagesDirectory, scorePages} from './accuracy-score.js';
import {runRealPages} from './real-pages.js';

const args = process.argv.slice(2);
if (args.includes('--corpus')) {
  await runRealPages(args);
} else {
  for (const [directory, corpus] of [[pagesDirectory, 'tests/fixtures/pages'], [articlesDirectory, 'tests/fixtures/articles']] as const) {
    const {pages} = loadExpected(directory);
    const scored = Object.entries(pages).map(([name, page]) => ({name, expected: page.expected, actual: extractPage(name, page.url, page.headers, directory)}));
    console.log(`${formatScore(scorePages(scored), scored.length, corpus)}\n`);
  }
}
