// Which failures a queued batch retries: the code (src/batch/retryable.ts) and the table of
// docs/batch.md say the same, for every error code.
import {describe, expect, it} from '@jest/globals';
import {isRetryable} from '../../src/batch/retryable.js';
import {errorCodes, LinkpeekError, type ErrorCode} from '../../src/errors.js';
import {wallKinds} from '../../src/walls/signatures.js';
import {readDoc, section, soleCode, tableStartingWith} from '../helpers/readme.js';

describe('isRetryable', () => {
  const table = tableStartingWith(section(readDoc('docs/batch.md'), 'Failures, attempts and restarts').body, 'Code');
  const retried = table.header.indexOf('Retried');
  const rows = table.rows.map((row) => ({code: soleCode(row[0] ?? '') as ErrorCode, retried: row[retried] ?? ''}));

  it('the table of docs/batch.md names every code once', () => {
    expect(rows.map((row) => row.code).sort()).toEqual([...errorCodes].sort());
  });

  it.each(errorCodes.filter((code) => code !== 'EHTTP' && code !== 'EWALL'))('%s is retried as the table says', (code) => {
    const row = rows.find((entry) => entry.code === code);
    expect(isRetryable(new LinkpeekError(code, 'x'))).toBe(row?.retried.startsWith('yes'));
  });

  it('EHTTP is retried for 408, 425, 429 and 5xx only, as the table says', () => {
    expect(rows.find((row) => row.code === 'EHTTP')?.retried).toBe('only for 408, 425, 429 and 5xx');
    const retriedStatuses = [400, 403, 404, 408, 410, 425, 429, 451, 500, 502, 503, 504].filter((statusCode) =>
      isRetryable(new LinkpeekError('EHTTP', 'x', {statusCode})),
    );
    expect(retriedStatuses).toEqual([408, 425, 429, 500, 502, 503, 504]);
  });

  it('EWALL is retried for challenge and captcha walls only, as the table says', () => {
    expect(rows.find((row) => row.code === 'EWALL')?.retried).toMatch(/^only for `challenge` and `captcha` walls/);
    const kinds = wallKinds.filter((kind) =>
      isRetryable(new LinkpeekError('EWALL', 'x', {data: {url: 'x', kind}})),
    );
    expect(kinds).toEqual(['challenge', 'captcha']);
  });
});
