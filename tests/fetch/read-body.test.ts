import {describe, expect, it} from '@jest/globals';
import {PassThrough, Readable} from 'node:stream';
import {readBody, recheckEvery} from '../../src/fetch/read-body.js';

function chunks(...parts: string[]): Readable {
  return Readable.from(parts.map((part) => Buffer.from(part)));
}

describe('readBody', () => {
  it('reads a body shorter than the cap whole', async () => {
    const body = chunks('ab', 'cd');
    expect(await readBody(body, 10)).toEqual({bytes: Buffer.from('abcd'), truncated: false});
    expect(body.destroyed).toBe(true);
  });

  it('reads a body of exactly the cap without calling it truncated', async () => {
    expect(await readBody(chunks('abc', 'de'), 5)).toEqual({bytes: Buffer.from('abcde'), truncated: false});
  });

  it('stops at the cap, mid-chunk, and says more followed', async () => {
    expect(await readBody(chunks('abc', 'def', 'ghi'), 4)).toEqual({bytes: Buffer.from('abcd'), truncated: true});
  });

  it('stops reading an endless body at the cap and destroys it', async () => {
    let produced = 0;
    const endless = new Readable({
      read() {
        produced++;
        this.push(Buffer.alloc(1024, 120));
      },
    });
    const {bytes, truncated} = await readBody(endless, 10 * 1024 + 1);
    expect(bytes.length).toBe(10 * 1024 + 1);
    expect(truncated).toBe(true);
    expect(endless.destroyed).toBe(true);
    expect(produced).toBeLessThan(40);
  });

  it('passes a stream error on', async () => {
    const failing = new Readable({
      read() {
        this.destroy(new Error('reset'));
      },
    });
    await expect(readBody(failing, 10)).rejects.toThrow('reset');
  });
});

describe('readBody with a deadline cut (earlyStopper)', () => {
  /** A body that sends `parts` at once, then stalls without ending. */
  const stalling = (...parts: string[]) => {
    const body = new PassThrough();
    for (const part of parts) body.write(part);
    return body;
  };

  it('cuts a stalled body at `at` every time, though a timer may fire a millisecond before Date.now() reaches its time', async () => {
    // Before the fix about one round in seven waited for a chunk that never came (the timer's check
    // saw Date.now() < at); a stalled body then hung until this test's own timeout.
    for (let round = 0; round < 150; round++) {
      const body = stalling('<head><title>t</title></head>');
      const at = Date.now() + 2;
      const read = readBody(body, 1024, {at, enough: (bytes) => bytes.length > 0});
      const result = await Promise.race([read, new Promise<'stalled'>((resolve) => setTimeout(() => resolve('stalled'), 250).unref())]);
      if (result === 'stalled') body.destroy();
      expect({round, stoppedEarly: result === 'stalled' ? 'stalled' : result.stoppedEarly}).toEqual({round, stoppedEarly: 'timeout'});
    }
  });

  it('asks again when the bytes that make it enough came within recheckEvery of a check that said no, then stalled', async () => {
    const body = stalling('<head><title>t</title>');
    const started = Date.now();
    const read = readBody(body, 1024, {at: started, enough: (bytes) => bytes.includes('</head>')});
    // The first check (at `at`) says no; the head's end comes soon after, then nothing more.
    await new Promise((resolve) => setTimeout(resolve, 20));
    body.write('</head><body>');
    const result = await Promise.race([read, new Promise<'stalled'>((resolve) => setTimeout(() => resolve('stalled'), recheckEvery * 4).unref())]);
    if (result === 'stalled') body.destroy();
    expect(result === 'stalled' ? 'stalled' : result.stoppedEarly).toBe('timeout');
    expect(Date.now() - started).toBeGreaterThanOrEqual(recheckEvery - 5);
  });
});
