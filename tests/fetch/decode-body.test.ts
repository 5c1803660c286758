import {readFileSync} from 'node:fs';
import {describe, expect, it} from '@jest/globals';
import {
  charsetFromBom,
  charsetFromMetaContent,
  decodeBody,
  decodeWindows1252,
  detectCharset,
  encodingForLabel,
  prescanMetaCharset,
} from '../../src/fetch/decode-body.js';

const fixture = (name: string): Buffer => readFileSync(new URL(`../fixtures/charset/${name}`, import.meta.url));
const ascii = (text: string): Buffer => Buffer.from(text, 'latin1');

const western = 'Café – “naïve” €5, crème brûlée';
const japanese = '日本語のページ：こんにちは、世界';
const chinese = '中文网页：你好，世界';

describe('decodeBody', () => {
  it.each([
    ['windows-1252-undeclared.html', 'windows-1252', 'windows-1252', western],
    ['windows-1252-undeclared.html', 'ISO-8859-1', 'windows-1252', western],
    ['shift_jis-undeclared.html', 'Shift_JIS', 'shift_jis', japanese],
    ['gbk-undeclared.html', 'gb2312', 'gbk', chinese],
  ])('decodes %s by the Content-Type charset %s', (file, label, charset, text) => {
    const decoded = decodeBody(fixture(file), label);
    expect(decoded.charset).toBe(charset);
    expect(decoded.text).toContain(`<title>${text}</title>`);
  });

  it.each([
    ['windows-1252-meta.html', 'windows-1252', western],
    ['shift_jis-meta.html', 'shift_jis', japanese],
    ['gbk-meta.html', 'gbk', chinese],
  ])('decodes %s by its <meta> declaration when the header has none', (file, charset, text) => {
    const decoded = decodeBody(fixture(file), null);
    expect(decoded.charset).toBe(charset);
    expect(decoded.text).toContain(`<title>${text}</title>`);
  });

  it('lets a UTF-8 BOM win over a Content-Type charset, and strips it', () => {
    const decoded = decodeBody(fixture('utf-8-bom.html'), 'shift_jis');
    expect(decoded.charset).toBe('utf-8');
    expect(decoded.text.startsWith('<!DOCTYPE html>')).toBe(true);
    expect(decoded.text).toContain(`${japanese} ${chinese} ${western}`);
  });

  it('decodes a UTF-16LE page by its BOM', () => {
    const decoded = decodeBody(fixture('utf-16le-bom.html'), 'windows-1252');
    expect(decoded.charset).toBe('utf-16le');
    expect(decoded.text).toContain(`<title>${japanese}</title>`);
  });

  it('lets the Content-Type charset win over a <meta> declaration', () => {
    const decoded = decodeBody(fixture('shift_jis-meta.html'), 'windows-1252');
    expect(decoded.charset).toBe('windows-1252');
    expect(decoded.text).not.toContain(japanese);
  });

  it('falls back to the <meta> prescan when the header label is unknown', () => {
    expect(decodeBody(fixture('gbk-meta.html'), 'no-such-charset').charset).toBe('gbk');
  });

  it('falls back to UTF-8 with no declaration at all', () => {
    const decoded = decodeBody(Buffer.from('<p>naïve 日本</p>'), undefined);
    expect(decoded).toEqual({text: '<p>naïve 日本</p>', charset: 'utf-8'});
  });

  it('reads undeclared legacy bytes as UTF-8 with replacement characters, never throwing', () => {
    const decoded = decodeBody(fixture('shift_jis-undeclared.html'), undefined);
    expect(decoded.charset).toBe('utf-8');
    expect(decoded.text).toContain('\ufffd');
  });
});

describe('decodeBody on pure-ASCII bytes (copied byte for byte, not through TextDecoder)', () => {
  // Every ASCII byte, shuffled deterministically, inside a page.
  const everyAscii = Array.from({length: 128}, (_, index) => (index * 37) % 128);
  const page = Buffer.concat([Buffer.from('<!doctype html><title>t</title><p>'), Buffer.from(everyAscii), Buffer.from('</p>')]);

  it.each(['utf-8', 'windows-1252', 'iso-8859-2', 'koi8-r', 'euc-jp', 'gbk', 'gb18030', 'big5', 'euc-kr', 'macintosh'])(
    'gives what TextDecoder gives in %s',
    (label) => {
      const decoded = decodeBody(page, label);
      expect(decoded.charset).toBe(new TextDecoder(label).encoding);
      expect(decoded.text).toBe(new TextDecoder(label).decode(page));
    },
  );

  it('reads a Uint8Array view at an offset (not a Buffer) by its own bytes only', () => {
    const backing = new Uint8Array(page.length + 8).fill(0xe9);
    backing.set(page, 5);
    const view = backing.subarray(5, 5 + page.length);
    expect(decodeBody(view, 'utf-8').text).toBe(new TextDecoder().decode(page));
  });

  it.each(['shift_jis', 'ibm866'])('keeps TextDecoder for %s, whose tables move the control bytes 0x1A, 0x1C and 0x7F', (label) => {
    expect(decodeBody(Buffer.from([0x3c, 0x1a, 0x1c, 0x7f, 0x3e]), label).text).toBe(new TextDecoder(label).decode(Buffer.from([0x3c, 0x1a, 0x1c, 0x7f, 0x3e])));
    expect(decodeBody(page, label).text).toBe(new TextDecoder(label).decode(page));
  });

  it('still decodes UTF-16 declared by the header, whose ASCII-range bytes pair up', () => {
    const decoded = decodeBody(Buffer.from('<p>hello</p>', 'utf16le'), 'utf-16le');
    expect(decoded).toEqual({text: '<p>hello</p>', charset: 'utf-16le'});
  });

  it('still decodes ISO-2022-JP, whose escape sequences are ASCII bytes', () => {
    // ESC $ B switches to JIS X 0208: 0x46 0x7c 0x4b 0x5c is 日本; ESC ( B switches back.
    const bytes = Buffer.from('<p>\x1b$BF|K\\\x1b(B</p>', 'latin1');
    const decoded = decodeBody(bytes, 'iso-2022-jp');
    expect(decoded).toEqual({text: '<p>日本</p>', charset: 'iso-2022-jp'});
  });

  it('does not take the copy when a single byte is not ASCII', () => {
    const bytes = Buffer.concat([page, Buffer.from([0x80])]);
    expect(decodeBody(bytes, 'windows-1252').text.endsWith('</p>\u20ac')).toBe(true);
    expect(decodeBody(bytes, 'utf-8').text.endsWith('</p>\ufffd')).toBe(true);
  });
});

describe('decodeWindows1252', () => {
  it('maps every byte from 0x80 to 0x9F as the WHATWG index does', () => {
    const bytes = Uint8Array.from({length: 32}, (_, index) => 0x80 + index);
    expect(decodeWindows1252(bytes)).toBe(
      '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ',
    );
  });

  it('keeps the other bytes as their own code points', () => {
    expect(decodeWindows1252(Uint8Array.from([0x41, 0x7f, 0xa0, 0xe9, 0xff]))).toBe('A\u007f\u00a0éÿ');
  });
});

describe('detectCharset', () => {
  it('follows the WHATWG order: BOM, header, meta, default', () => {
    const meta = ascii('<meta charset="gbk">');
    const bom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), meta]);
    expect(detectCharset(bom, 'shift_jis')).toBe('utf-8');
    expect(detectCharset(meta, 'shift_jis')).toBe('shift_jis');
    expect(detectCharset(meta, null)).toBe('gbk');
    expect(detectCharset(ascii('<p>hi</p>'), null)).toBe('utf-8');
  });
});

describe('charsetFromBom', () => {
  it.each([
    [[0xef, 0xbb, 0xbf, 0x3c], 'utf-8'],
    [[0xfe, 0xff, 0x00, 0x3c], 'utf-16be'],
    [[0xff, 0xfe, 0x3c, 0x00], 'utf-16le'],
    [[0x3c, 0x70], undefined],
    [[0xef, 0xbb], undefined],
  ])('reads %j as %s', (bytes, charset) => {
    expect(charsetFromBom(Uint8Array.from(bytes))).toBe(charset);
  });
});

describe('encodingForLabel', () => {
  it.each([
    ['utf8', 'utf-8'],
    [' Shift_JIS ', 'shift_jis'],
    ['latin1', 'windows-1252'],
    ['x-sjis', 'shift_jis'],
    ['GB2312', 'gbk'],
    ['euc-kr', 'euc-kr'],
    ['big5', 'big5'],
    ['nope', undefined],
    ['iso-2022-kr', undefined],
  ])('maps %j to %s', (label, encoding) => {
    expect(encodingForLabel(label)).toBe(encoding);
  });
});

describe('prescanMetaCharset', () => {
  it.each([
    ['<meta charset="shift_jis">', 'shift_jis'],
    ["<META CHARSET='GBK'>", 'gbk'],
    ['<meta charset=euc-kr >', 'euc-kr'],
    ['<meta http-equiv="Content-Type" content="text/html; charset=windows-1251">', 'windows-1251'],
    ['<meta content="text/html;charset=\'big5\'" http-equiv=content-type>', 'big5'],
    ['<meta/charset="utf-8">', 'utf-8'],
    ['<!doctype html><html lang=en><head><title>x</title><meta charset=latin1>', 'windows-1252'],
    ['<meta charset="utf-16le">', 'utf-8'],
    ['<meta charset="x-user-defined">', 'windows-1252'],
  ])('finds %s → %s', (html, charset) => {
    expect(prescanMetaCharset(ascii(html))).toBe(charset);
  });

  it.each([
    ['a content charset without http-equiv', '<meta content="text/html; charset=gbk">'],
    ['a meta inside a comment', '<!-- <meta charset="gbk"> --><p>x</p>'],
    ['a meta inside an attribute value', '<div title="<meta charset=gbk>"></div>'],
    ['an unknown label', '<meta charset="klingon">'],
    ['an unquoted value running into a slash (spec: the slash is part of it)', '<meta charset=gbk/>'],
    ['a tag named metadata', '<metadata charset="gbk">'],
    ['an unterminated attribute', '<meta charset="gbk'],
    ['no meta at all', '<html><head><title>t</title></head></html>'],
  ])('ignores %s', (_name, html) => {
    expect(prescanMetaCharset(ascii(html))).toBeUndefined();
  });

  it('uses the first charset attribute of a tag and ignores repeats', () => {
    expect(prescanMetaCharset(ascii('<meta charset="gbk" charset="big5">'))).toBe('gbk');
  });

  it('only looks at the first 1024 bytes', () => {
    const padding = `<!-- ${'x'.repeat(1100)} -->`;
    expect(prescanMetaCharset(ascii(`${padding}<meta charset="gbk">`))).toBeUndefined();
    expect(prescanMetaCharset(ascii(`<p>${'x'.repeat(900)}</p><meta charset="gbk">`))).toBe('gbk');
  });

  it('skips a comment that ends on its own dashes (<!-->)', () => {
    expect(prescanMetaCharset(ascii('<!--><meta charset="gbk">'))).toBe('gbk');
  });
});

describe('charsetFromMetaContent', () => {
  it.each([
    ['text/html; charset=utf-8', 'utf-8'],
    ['text/html;charset = "gbk" ', 'gbk'],
    ["text/html; CHARSET='big5'", 'big5'],
    ['text/html; charset=shift_jis; foo=bar', 'shift_jis'],
    ['text/html; charsetx; charset=euc-kr', 'euc-kr'],
    ['text/html; charset="gbk', undefined],
    ['text/html; charset=', undefined],
    ['text/html', undefined],
  ])('reads %j as %s', (content, label) => {
    expect(charsetFromMetaContent(content)).toBe(label);
  });
});
