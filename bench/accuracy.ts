// npm run accuracy: per-field accuracy of the extraction rules on the fixture pages that have
// expected values (tests/fixtures/pages/expected.json), exact and lenient, so regressions show.
// No network, no timing: it runs in a second and its figures are the same on every machine.
import {extractPage, formatScore, loadExpected, scorePages} from './accuracy-score.js';

const {pages} = loadExpected();
const scored = Object.entries(pages).map(([name, page]) => ({name, expected: page.expected, actual: extractPage(name, page.url, page.headers)}));
console.log(formatScore(scorePages(scored), scored.length));
