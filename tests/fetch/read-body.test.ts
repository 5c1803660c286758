import {describe, expect, it} from '@jest/globals';
import {Readable} from 'node:stream';
import {readBody} from '../../src/fetch/read-body.js';

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
