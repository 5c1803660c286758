/**
 * parseHtml against a bare htmlparser2 parse (`new Parser({})`, same options, no handlers at all) on
 * every corpus page, decoded once up front. Best of interleaved rounds per page: the machine is
 * shared, so the fastest round (in CPU time) is the least disturbed one. Run: `npx tsx bench/parse-html-ratio.ts`.
 */
import {readFileSync} from 'node:fs';
import {dirname, join} from 'node:path';
import {fileURLToPath} from 'node:url';
import {Parser} from 'htmlparser2';
import {parseHtml} from '../src/parse/parse-html.js';

const corpusDir = join(dirname(fileURLToPath(import.meta.url)), 'corpus');
const manifest = JSON.parse(readFileSync(join(corpusDir, 'manifest.json'), 'utf8')) as {file: string; charset: string}[];

const bare = (html: string): void => {
  new Parser({}, {decodeEntities: true, lowerCaseAttributeNames: true}).end(html);
};

// CPU time, not wall time: other processes on the shared machine then cost us less than they would.
const cpuSeconds = (): number => {
  const {user, system} = process.cpuUsage();
  return (user + system) / 1e6;
};

function rate(fn: (html: string) => unknown, html: string): number {
  let runs = 0;
  const start = cpuSeconds();
  while (cpuSeconds() - start < 0.12 || runs < 2) {
    fn(html);
    runs++;
  }
  return runs / (cpuSeconds() - start);
}

const ratios: number[] = [];
for (const {file, charset} of manifest) {
  const html = new TextDecoder(charset).decode(readFileSync(join(corpusDir, file)));
  let bestBare = 0;
  let bestOurs = 0;
  for (let round = 0; round < 6; round++) {
    bestBare = Math.max(bestBare, rate(bare, html));
    bestOurs = Math.max(bestOurs, rate(parseHtml, html));
  }
  ratios.push(bestOurs / bestBare);
  console.log(`${file.padEnd(30)} ${(html.length / 1024).toFixed(0).padStart(5)} KB  bare ${bestBare.toFixed(0).padStart(6)}/s  parseHtml ${bestOurs.toFixed(0).padStart(6)}/s  ratio ${(bestOurs / bestBare).toFixed(2)}`);
}
console.log(`min ratio ${Math.min(...ratios).toFixed(2)}, median ${ratios.sort((a, b) => a - b)[Math.floor(ratios.length / 2)]!.toFixed(2)}`);
