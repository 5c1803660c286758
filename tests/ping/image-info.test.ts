import {readFileSync} from 'node:fs';
import {describe, expect, it} from '@jest/globals';
import {LinkpeekError} from '../../src/errors.js';
import {readImageInfo} from '../../src/ping/image-info.js';

// A 1x1 PNG and a 1x1 GIF.
const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const gif = Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');

describe('readImageInfo', () => {
  it('reads type, MIME type, dimensions and size from the bytes', () => {
    expect(readImageInfo(png)).toEqual({type: 'png', extension: 'png', contentType: 'image/png', width: 1, height: 1, size: png.byteLength});
  });

  it('names a JPEG `jpg` as its extension (the convention of data.image.type), `jpeg` as its type', () => {
    const jpeg = readFileSync(new URL('../fixtures/media/sample.jpg', import.meta.url));
    expect(readImageInfo(jpeg)).toMatchObject({type: 'jpeg', extension: 'jpg', contentType: 'image/jpeg'});
  });

  it.each([
    ['bytes that are no image', Buffer.from('<html>not an image</html>')],
    ['an image format screenshots never use (GIF)', gif],
    ['no bytes at all', Buffer.alloc(0)],
  ])('throws ESCREENSHOT for %s', (_name, bytes) => {
    expect(() => readImageInfo(bytes)).toThrow(LinkpeekError);
    try {
      readImageInfo(bytes);
    } catch (error) {
      expect((error as LinkpeekError).code).toBe('ESCREENSHOT');
    }
  });
});
