import {readFileSync} from 'node:fs';
import {describe, expect, it} from '@jest/globals';
import {
  describeMedia,
  imageDimensions,
  isExpectedMedia,
  prettySize,
  sizeFromHeaders,
  typeFromMime,
  typeFromUrl,
} from '../../src/ping/media.js';
import {formatDuration, mediaDuration, sniffMediaType} from '../../src/ping/media-duration.js';
import {flac, id3, mp3Header, mp4, wav, xingFrame} from '../helpers/media-files.js';

const fixture = (name: string) => readFileSync(new URL(`../fixtures/media/${name}`, import.meta.url));

describe('typeFromMime', () => {
  it.each([
    ['image/png', 'png'],
    ['image/jpeg', 'jpg'],
    ['IMAGE/JPEG; charset=binary', 'jpg'],
    ['image/gif', 'gif'],
    ['image/webp', 'webp'],
    ['image/svg+xml', 'svg'],
    ['image/x-icon', 'ico'],
    ['image/vnd.microsoft.icon', 'ico'],
    ['image/avif', 'avif'],
    ['video/mp4', 'mp4'],
    ['video/webm', 'webm'],
    ['video/quicktime', 'mov'],
    ['audio/mpeg', 'mp3'],
    ['audio/ogg', 'ogg'],
    ['audio/mp4', 'm4a'],
    ['audio/x-wav', 'wav'],
    ['application/vnd.apple.mpegurl', 'm3u8'],
  ])('maps %s to %s', (mime, type) => {
    expect(typeFromMime(mime)).toBe(type);
  });

  it('knows nothing of generic or unrelated types', () => {
    expect(typeFromMime('application/octet-stream')).toBeNull();
    expect(typeFromMime('text/html')).toBeNull();
    expect(typeFromMime('')).toBeNull();
  });
});

describe('typeFromUrl', () => {
  it.each([
    ['https://a.test/photo.JPEG?w=200#x', 'jpg'],
    ['https://a.test/i/logo.svg', 'svg'],
    ['https://a.test/clip.mp4', 'mp4'],
    ['https://a.test/song.mp3', 'mp3'],
    ['https://a.test/scan.tif', 'tiff'],
  ])('reads %s as %s', (url, type) => {
    expect(typeFromUrl(url)).toBe(type);
  });

  it('returns null without a known extension', () => {
    expect(typeFromUrl('https://a.test/image')).toBeNull();
    expect(typeFromUrl('https://a.test/page.php')).toBeNull();
    expect(typeFromUrl('https://a.test/dir.png/')).toBeNull();
    expect(typeFromUrl('not a url')).toBeNull();
  });
});

describe('sizeFromHeaders and prettySize', () => {
  it('takes Content-Length on a 200', () => {
    expect(sizeFromHeaders(200, {'content-length': '117000'})).toBe(117000);
  });

  it('takes the total of Content-Range on a 206, not the length of the range', () => {
    expect(sizeFromHeaders(206, {'content-length': '65536', 'content-range': 'bytes 0-65535/5242880'})).toBe(5242880);
  });

  it('returns null when the server does not say', () => {
    expect(sizeFromHeaders(206, {'content-range': 'bytes 0-65535/*'})).toBeNull();
    expect(sizeFromHeaders(200, {})).toBeNull();
    expect(sizeFromHeaders(200, {'content-length': 'lots'})).toBeNull();
    expect(sizeFromHeaders(404, {'content-length': '12'})).toBeNull();
  });

  it('formats sizes with pretty-bytes', () => {
    expect(prettySize(117000)).toBe('117 kB');
    expect(prettySize(1227)).toBe('1.23 kB');
    expect(prettySize(5242880)).toBe('5.24 MB');
    expect(prettySize(0)).toBe('0 B');
    expect(prettySize(null)).toBeNull();
  });
});

describe('imageDimensions', () => {
  it.each([
    ['sample.png', 37, 21, 'png'],
    ['sample.jpg', 64, 48, 'jpg'],
    ['sample.gif', 7, 5, 'gif'],
    ['sample.webp', 50, 30, 'webp'],
    ['sample.svg', 120, 45, 'svg'],
  ])('reads %s as %ix%i', (name, width, height, type) => {
    expect(imageDimensions(fixture(name))).toEqual({width, height, type});
  });

  it('reads a PNG from its first 33 bytes (signature + IHDR)', () => {
    expect(imageDimensions(fixture('sample.png').subarray(0, 33))).toMatchObject({width: 37, height: 21});
  });

  it('returns null for bytes that are not an image, or too few of them', () => {
    expect(imageDimensions(Buffer.from('<!doctype html><title>Not found</title>'))).toBeNull();
    expect(imageDimensions(fixture('sample.png').subarray(0, 12))).toBeNull();
    expect(imageDimensions(new Uint8Array())).toBeNull();
  });
});

describe('isExpectedMedia', () => {
  const png = fixture('sample.png');
  const probe = (contentType: string | undefined, bytes: Uint8Array = png) => ({
    statusCode: 200,
    headers: contentType === undefined ? {} : {'content-type': contentType},
    bytes,
  });

  it('accepts an image type for images and logos', () => {
    expect(isExpectedMedia('image', probe('image/png'))).toBe(true);
    expect(isExpectedMedia('logo', probe('image/x-icon'))).toBe(true);
  });

  it('refuses HTML for every media kind', () => {
    for (const kind of ['image', 'logo', 'video', 'audio'] as const) {
      expect(isExpectedMedia(kind, probe('text/html; charset=utf-8', Buffer.from('<html>')))).toBe(false);
    }
  });

  it('accepts a generic type for an image only when the bytes decode as one', () => {
    expect(isExpectedMedia('image', probe('application/octet-stream'))).toBe(true);
    expect(isExpectedMedia('image', probe(undefined))).toBe(true);
    expect(isExpectedMedia('image', probe('application/octet-stream', Buffer.from('hello')))).toBe(false);
    expect(isExpectedMedia('logo', probe('text/xml', fixture('sample.svg')))).toBe(true);
  });

  it('keeps video and audio apart but lets audio come in a video container', () => {
    expect(isExpectedMedia('video', probe('video/mp4'))).toBe(true);
    expect(isExpectedMedia('video', probe('audio/mpeg'))).toBe(false);
    expect(isExpectedMedia('audio', probe('audio/mpeg'))).toBe(true);
    expect(isExpectedMedia('audio', probe('video/mp4'))).toBe(true);
    expect(isExpectedMedia('video', probe('image/png'))).toBe(false);
    expect(isExpectedMedia('video', probe('application/octet-stream'))).toBe(true);
    expect(isExpectedMedia('video', probe('application/vnd.apple.mpegurl'))).toBe(true);
  });
});

describe('mediaDuration', () => {
  it('reads an MP4 mvhd when moov comes first', () => {
    expect(mediaDuration(mp4(1000, 65_500))).toBe(65.5);
    expect(sniffMediaType(mp4(1000, 1))).toBe('mp4');
    expect(sniffMediaType(mp4(1000, 1, 'M4A '))).toBe('m4a');
  });

  it('gives null when moov is past the first bytes or the duration is unknown', () => {
    expect(mediaDuration(mp4(1000, 65_500, 'isom', true).subarray(0, 100))).toBeNull();
    expect(mediaDuration(mp4(1000, 0xffffffff))).toBeNull();
  });

  it('reads an MP3 Xing header after an ID3v2 tag', () => {
    const file = Buffer.concat([id3(32), xingFrame(1000)]);
    expect(mediaDuration(file)).toBe(26.122);
    expect(sniffMediaType(file)).toBe('mp3');
  });

  it('measures a constant-bitrate MP3 from the file size', () => {
    // Two 417-byte frames (144 * 128000 / 44100), as a CBR encoder writes them.
    const frame = Buffer.concat([mp3Header, Buffer.alloc(413)]);
    const head = Buffer.concat([id3(32), frame, frame]);
    // 160 000 bytes of audio at 128 kbit/s is 10 s.
    expect(mediaDuration(head, 42 + 160_000)).toBe(10);
    expect(mediaDuration(head, null)).toBeNull();
    // A lone sync word with no frame where the next should be is not trusted.
    expect(mediaDuration(Buffer.concat([id3(32), mp3Header, Buffer.alloc(800)]), 42 + 160_000)).toBeNull();
  });

  it('reads a WAV file and a FLAC STREAMINFO', () => {
    expect(mediaDuration(wav(2))).toBe(2);
    expect(sniffMediaType(wav(1))).toBe('wav');
    expect(mediaDuration(flac(441_000))).toBe(10);
    expect(sniffMediaType(flac(1))).toBe('flac');
  });

  it('gives null for bytes it does not know', () => {
    expect(mediaDuration(Buffer.from('OggS and more'))).toBeNull();
    expect(mediaDuration(new Uint8Array())).toBeNull();
    expect(mediaDuration(fixture('sample.png'))).toBeNull();
  });

  it('formats durations', () => {
    expect(formatDuration(26.122)).toBe('26.1s');
    expect(formatDuration(65)).toBe('1m 5s');
    expect(formatDuration(3723)).toBe('1h 2m 3s');
    expect(formatDuration(3600)).toBe('1h 0m 0s');
  });
});

describe('describeMedia', () => {
  it('describes an image from its headers and first bytes', () => {
    const bytes = fixture('sample.jpg');
    expect(
      describeMedia('image', 'https://a.test/p.jpg', {
        statusCode: 206,
        headers: {'content-type': 'image/jpeg', 'content-range': `bytes 0-${bytes.length - 1}/${bytes.length}`},
        bytes,
      }),
    ).toEqual({
      url: 'https://a.test/p.jpg',
      type: 'jpg',
      size: bytes.length,
      size_pretty: '897 B',
      width: 64,
      height: 48,
    });
  });

  it('takes the type from the bytes, then the extension, when the Content-Type is generic', () => {
    const generic = {'content-type': 'application/octet-stream'};
    expect(describeMedia('logo', 'https://a.test/x', {statusCode: 200, headers: generic, bytes: fixture('sample.gif')}).type).toBe('gif');
    expect(describeMedia('video', 'https://a.test/v.webm', {statusCode: 200, headers: generic, bytes: new Uint8Array()}).type).toBe('webm');
  });

  it('describes audio with a duration and no dimensions: the keys not measured are left out', () => {
    const media = describeMedia('audio', 'https://a.test/s', {
      statusCode: 200,
      headers: {'content-type': 'audio/mpeg', 'content-length': '500000'},
      bytes: Buffer.concat([id3(32), xingFrame(1000)]),
    });
    expect(media).toEqual({url: 'https://a.test/s', type: 'mp3', size: 500000, size_pretty: '500 kB', duration: 26.122, duration_pretty: '26.1s'});
  });

  it('leaves out size, type and dimensions it could not learn, rather than giving null', () => {
    const media = describeMedia('image', 'https://a.test/pic', {statusCode: 200, headers: {'content-type': 'image/x-unknown'}, bytes: new Uint8Array([1, 2, 3])});
    expect(media).toEqual({url: 'https://a.test/pic'});
    expect(Object.values(media)).not.toContain(null);
  });
});
