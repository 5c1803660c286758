import {describe, expect, it} from '@jest/globals';
import {hasBinaryBytes} from '../../src/fetch/file-response.js';
import {sniffType, xmlRoot} from '../../src/files/sniff-type.js';
import {makePdf, rssFeed, atomFeed, sample, zip} from '../helpers/files.js';
import {mp4} from '../helpers/media-files.js';

describe('sniffType', () => {
  it('trusts a specific Content-Type that the bytes do not contradict', async () => {
    expect(await sniffType('image/png', sample('png'))).toEqual({mimeType: 'image/png', kind: 'image', type: 'png', sniffed: false});
    expect(await sniffType('image/jpg', sample('jpg'))).toEqual({mimeType: 'image/jpg', kind: 'image', type: 'jpg', sniffed: false});
    expect(await sniffType('application/json', Buffer.from('{"a":1}'))).toEqual({mimeType: 'application/json', kind: 'file', type: 'json', sniffed: false});
    expect(await sniffType('application/pdf', Buffer.from('%PDF-1.7'))).toMatchObject({kind: 'pdf', type: 'pdf'});
    expect(await sniffType('audio/mpeg', Buffer.alloc(0))).toMatchObject({kind: 'audio', type: 'mp3'});
    expect(await sniffType('application/vnd.apple.mpegurl', Buffer.from('#EXTM3U'))).toMatchObject({kind: 'video', type: 'm3u8'});
  });

  it('reads the bytes over a specific type they contradict, for images and PDFs (issue 32)', async () => {
    expect(await sniffType('image/jpeg', sample('png'))).toEqual({mimeType: 'image/png', kind: 'image', type: 'png', sniffed: true});
    expect(await sniffType('image/png', sample('jpg'))).toEqual({mimeType: 'image/jpeg', kind: 'image', type: 'jpg', sniffed: true});
    expect(await sniffType('application/pdf', sample('png'))).toMatchObject({mimeType: 'image/png', kind: 'image', sniffed: true});
    expect(await sniffType('image/png', await makePdf({title: 'x'}))).toMatchObject({mimeType: 'application/pdf', kind: 'pdf', sniffed: true});
    expect(await sniffType('application/json', sample('gif'))).toMatchObject({mimeType: 'image/gif', kind: 'image', sniffed: true});
    expect(await sniffType('image/webp', zip('a.txt', Buffer.from('hello')))).toMatchObject({mimeType: 'application/zip', kind: 'file', sniffed: true});
  });

  it('keeps a specific type over a container signature that several types share', async () => {
    expect(await sniffType('application/vnd.openxmlformats-officedocument.wordprocessingml.document', zip('a.txt', Buffer.from('hello')))).toMatchObject({type: 'docx', sniffed: false});
    expect(await sniffType('audio/mp4', mp4(1000, 5000))).toMatchObject({mimeType: 'audio/mp4', kind: 'audio', sniffed: false});
  });

  it.each([
    ['', 'png', 'image/png', 'image'],
    ['application/octet-stream', 'jpg', 'image/jpeg', 'image'],
    ['binary/octet-stream', 'gif', 'image/gif', 'image'],
    ['text/html', 'webp', 'image/webp', 'image'],
  ] as const)('reads the bytes when the type is %j (%s)', async (declared, fixture, mimeType, kind) => {
    expect(await sniffType(declared, sample(fixture))).toMatchObject({mimeType, kind, sniffed: true});
  });

  it('recognises PDFs, MP4s and zips sent as octet-stream, and binary bytes sent as text/plain', async () => {
    expect(await sniffType('application/octet-stream', await makePdf({title: 'x'}))).toMatchObject({mimeType: 'application/pdf', kind: 'pdf', type: 'pdf'});
    expect(await sniffType('', mp4(1000, 5000))).toMatchObject({kind: 'video', type: 'mp4'});
    expect(await sniffType('text/plain', zip('a.txt', Buffer.from('hello')))).toMatchObject({mimeType: 'application/zip', kind: 'file', type: 'zip'});
  });

  it('tells feeds and SVG from other XML by the root element', async () => {
    expect(await sniffType('text/xml', Buffer.from(rssFeed))).toMatchObject({mimeType: 'application/rss+xml', kind: 'feed', type: 'rss'});
    expect(await sniffType('application/xml', Buffer.from(atomFeed))).toMatchObject({mimeType: 'application/atom+xml', kind: 'feed', type: 'atom'});
    expect(await sniffType('application/octet-stream', Buffer.from(atomFeed))).toMatchObject({kind: 'feed', sniffed: true});
    expect(await sniffType('', sample('svg'))).toMatchObject({mimeType: 'image/svg+xml', kind: 'image', type: 'svg'});
    expect(await sniffType('text/xml', Buffer.from('<?xml version="1.0"?><!-- x --><config a="1"/>'))).toMatchObject({mimeType: 'text/xml', kind: 'file', type: 'xml'});
  });

  it('reads unknown text as text and unknown binary as a generic file', async () => {
    expect(await sniffType('', Buffer.from('name,count\nlamps,12\n'))).toMatchObject({mimeType: 'text/plain', kind: 'file', type: 'txt'});
    expect(await sniffType('application/octet-stream', Buffer.from([1, 2, 3, 0, 4]))).toMatchObject({mimeType: 'application/octet-stream', kind: 'file'});
    expect(await sniffType('', Buffer.alloc(0))).toMatchObject({mimeType: 'application/octet-stream', kind: 'file'});
  });

  it('never decides by what the name says: a text/plain body of text stays text', async () => {
    expect(await sniffType('text/plain', Buffer.from('just words'))).toMatchObject({mimeType: 'text/plain', sniffed: false});
  });
});

describe('xmlRoot and hasBinaryBytes', () => {
  it('skips the declaration, comments and a doctype', () => {
    expect(xmlRoot(Buffer.from('\uFEFF<?xml version="1.0"?>\n<!-- c --><!DOCTYPE rss [<!ENTITY a "b">]>\n<rss version="2.0">'))).toBe('rss');
    expect(xmlRoot(Buffer.from('<rdf:RDF xmlns:rdf="x">'))).toBe('rdf:RDF');
    expect(xmlRoot(Buffer.from('plain text'))).toBeNull();
  });

  it('finds control bytes, but not in UTF-16 text with a BOM', () => {
    expect(hasBinaryBytes(Buffer.from('text\twith\r\nbreaks'))).toBe(false);
    expect(hasBinaryBytes(Buffer.from([0x41, 0x00, 0x42]))).toBe(true);
    expect(hasBinaryBytes(Buffer.from('\uFEFFhi', 'utf16le'))).toBe(false);
  });
});
