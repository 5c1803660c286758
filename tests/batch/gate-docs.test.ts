// docs/batch.md#politeness and #adaptive-rate state the gate's limits and the rules of the adaptive
// rate: checked against the code, so the page cannot drift from it.
import {readFileSync} from 'node:fs';
import {describe, expect, it} from '@jest/globals';
import {defaultHostGate} from '../../src/batch/politeness-options.js';
import {defaultRateLimitRetries} from '../../src/batch/polite-run.js';
import {formatSlowed} from '../../src/batch/run-batch.js';
import {siteRateRules} from '../../src/batch/site-rate.js';
import {codeBlocks, codeSpans, readDoc, section, tableStartingWith} from '../helpers/readme.js';

const doc = readDoc('docs/batch.md');
const politeness = section(doc, 'Politeness');
const adaptive = section(doc, 'Adaptive rate');

describe('docs/batch.md: the host gate', () => {
  it('the limits table states the gate defaults', () => {
    const table = tableStartingWith(politeness.body, 'Limit');
    const defaults = Object.fromEntries(table.rows.map((row) => [codeSpans(row[1] ?? '')[0], row[2]]));
    expect(defaults['--per-host N']).toBe(`\`${defaultHostGate.perHost}\``);
    expect(defaults['--per-second R']).toBe(`\`${defaultHostGate.perSecond}\``);
    expect(politeness.body).toContain(`(\`startMarginMs\`, ${defaultHostGate.startMarginMs} ms by default)`);
    expect(politeness.body).toContain(`when the lease ends (${defaultHostGate.leaseMs / 1000} s)`);
  });

  it('the adaptive rate table states the rules of site-rate.ts', () => {
    const table = tableStartingWith(adaptive.body, 'Rule');
    const value = (rule: string) => table.rows.find((row) => row[0] === rule)?.[1] ?? '';
    expect(codeSpans(value('slowest'))[0]).toBe(String(1 / siteRateRules.slowest));
    expect(codeSpans(value('back up')).slice(0, 2)).toEqual([String(siteRateRules.stepAfter), String(siteRateRules.stepShare)]);
    expect(codeSpans(value('forgotten'))[0]).toBe(String(siteRateRules.forgetMs / 1000));
    expect(value('a 429 or 503 answer')).toMatch(/^halves/);
    expect(adaptive.body).toContain(`up to ${defaultRateLimitRetries} times`);
  });

  it('the slowed sites appear in progress lines as the docs show them', () => {
    const shown = formatSlowed({'example.com': 0.8});
    expect(shown).toBe(', 1 site slowed (example.com 0.8/s)');
    expect(adaptive.body.replace(/\s+/g, ' ')).toContain(`(\`${shown}\`)`);
    const progressLine = codeBlocks(section(doc, 'Progress').body).find((block) => block.lang === 'text')?.code ?? '';
    expect(progressLine.trim().endsWith(shown)).toBe(true);
  });
});

describe('docs/batch.md: the measured scale', () => {
  // The table sits in a list item (indented): read it as a table of its own.
  const measured = section(doc, 'Measured').body.replace(/^ {2}\|/gm, '|');
  const results = readFileSync('bench/results.md', 'utf8');
  const scale = results.slice(results.lastIndexOf('### Batch scale'));

  it('every figure of the scale table is one the bench recorded in bench/results.md', () => {
    const table = tableStartingWith(measured, 'Workers');
    expect(table.rows.map((row) => row[0])).toEqual(['1', '2', '4', '8']);
    for (const row of table.rows) {
      for (const cell of [row[1] ?? '', row[3] ?? '']) {
        const [rates = '', ratios = ''] = cell.split('(');
        for (const rate of rates.split(',').map((text) => text.trim())) expect({rate, recorded: scale.includes(`| ${rate} pages/s (`)}).toEqual({rate, recorded: true});
        for (const ratio of ratios.match(/\d+\.\d+(?=×)/g) ?? []) expect({ratio, recorded: scale.includes(`| ${ratio}× 1 worker`)}).toEqual({ratio, recorded: true});
      }
      // CPU ms per page, rounded from the bench's two decimals.
      const [workers, redis, producer] = (row[2] ?? '').split('/').map((text) => text.trim());
      const recorded = [...scale.matchAll(/workers (\d+\.\d+) \([^)]*\), redis (\d+\.\d+), producer (\d+\.\d+)/g)].map((match) => match.slice(1, 4).map((n) => Number(n).toFixed(1)).join(' / '));
      expect(recorded).toContain(`${workers} / ${redis} / ${producer}`);
    }
  });
});
