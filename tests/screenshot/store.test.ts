import {createHash} from 'node:crypto';
import {mkdtemp, readFile, readdir, rm} from 'node:fs/promises';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterEach, describe, expect, it} from '@jest/globals';
import {createDataUriStore, createFileStore} from '../../src/screenshot/store.js';

const bytes = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const image = {bytes: new Uint8Array(bytes), type: 'png' as const, contentType: 'image/png'};

describe('createDataUriStore', () => {
  it('returns a base64 data URI that decodes to the exact bytes', async () => {
    const url = await createDataUriStore().save(image);
    expect(url.startsWith('data:image/png;base64,')).toBe(true);
    expect(Buffer.from(url.slice('data:image/png;base64,'.length), 'base64').equals(bytes)).toBe(true);
  });

  it('encodes only the view it is given, not the whole underlying buffer', async () => {
    const backing = Buffer.concat([Buffer.from('junk'), bytes, Buffer.from('tail')]);
    const view = new Uint8Array(backing.buffer, backing.byteOffset + 4, bytes.byteLength);
    const url = await createDataUriStore().save({...image, bytes: view});
    expect(Buffer.from(url.split(',')[1] as string, 'base64').equals(bytes)).toBe(true);
  });
});

describe('createFileStore', () => {
  let root = '';
  let directory = '';
  afterEach(async () => {
    if (root) await rm(root, {recursive: true, force: true});
  });

  it('writes <sha256>.<ext> into a directory it creates and returns baseUrl + name, with or without a trailing slash', async () => {
    root = await mkdtemp(join(tmpdir(), 'linkpeek-store-'));
    directory = join(root, 'nested');
    const name = `${createHash('sha256').update(bytes).digest('hex')}.png`;
    expect(await createFileStore({directory, baseUrl: '/shots'}).save(image)).toBe(`/shots/${name}`);
    expect(await createFileStore({directory, baseUrl: 'https://cdn.example/s/'}).save(image)).toBe(`https://cdn.example/s/${name}`);
    expect((await readFile(join(directory, name))).equals(bytes)).toBe(true);
    // Same bytes, same file: no temporary files left behind.
    expect(await readdir(directory)).toEqual([name]);
  });

  it('uses jpg and webp extensions for those types', async () => {
    root = directory = await mkdtemp(join(tmpdir(), 'linkpeek-store-'));
    const store = createFileStore({directory, baseUrl: '/'});
    expect(await store.save({...image, type: 'jpeg', contentType: 'image/jpeg'})).toMatch(/^\/[0-9a-f]{64}\.jpg$/);
    expect(await store.save({...image, type: 'webp', contentType: 'image/webp'})).toMatch(/^\/[0-9a-f]{64}\.webp$/);
  });
});
