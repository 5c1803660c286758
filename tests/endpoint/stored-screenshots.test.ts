import {mkdtemp, rm, writeFile} from 'node:fs/promises';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from '@jest/globals';
import {readStoredScreenshot, serveStoredScreenshot} from '../../src/endpoint/stored-screenshots.js';

let directory: string;

beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'linkpeek-stored-'));
  await writeFile(join(directory, 'abc.jpg'), Buffer.from([0xff, 0xd8, 0xff]));
  await writeFile(join(directory, 'abc.webp'), Buffer.from('RIFF'));
  await writeFile(join(directory, 'notes.txt'), 'not an image');
  // screenshot.animated videos and pdf documents are kept next to the images.
  await writeFile(join(directory, 'abc.mp4'), Buffer.from('\0\0\0\x18ftypisom'));
  await writeFile(join(directory, 'abc.webm'), Buffer.from([0x1a, 0x45, 0xdf, 0xa3]));
});

afterAll(() => rm(directory, {recursive: true, force: true}));

describe('readStoredScreenshot', () => {
  it('reads a stored image by the name at the end of its URL, with its content type', async () => {
    const read = readStoredScreenshot(directory);
    expect(await read('https://cdn.example/shots/abc.jpg')).toEqual({bytes: Buffer.from([0xff, 0xd8, 0xff]), contentType: 'image/jpeg'});
    expect((await read('https://cdn.example/shots/abc.webp'))?.contentType).toBe('image/webp');
    expect((await read('https://cdn.example/shots/abc.mp4'))?.contentType).toBe('video/mp4');
    expect((await read('https://cdn.example/shots/abc.webm'))?.contentType).toBe('video/webm');
  });

  it('reads nothing that is not a stored image name', async () => {
    const read = readStoredScreenshot(directory);
    expect(await read('https://cdn.example/notes.txt')).toBeUndefined();
    expect(await read('https://cdn.example/missing.png')).toBeUndefined();
    expect(await read('https://cdn.example/..%2Fetc%2Fpasswd.png')).toBeUndefined();
    expect(await read('https://cdn.example/%E0%A4%A.png')).toBeUndefined();
  });
});

describe('serveStoredScreenshot', () => {
  it('answers the bytes as immutable, 404 for an unknown name and 405 for other methods', async () => {
    const found = await serveStoredScreenshot(directory, 'abc.jpg');
    expect(found.status).toBe(200);
    expect(found.headers).toMatchObject({'content-type': 'image/jpeg', 'cache-control': 'public, max-age=31536000, immutable'});
    expect((await serveStoredScreenshot(directory, '../abc.jpg')).status).toBe(404);
    const post = await serveStoredScreenshot(directory, 'abc.jpg', 'POST');
    expect(post.status).toBe(405);
    expect(post.headers.allow).toBe('GET, HEAD');
  });
});
