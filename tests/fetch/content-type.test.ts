import {describe, expect, it} from '@jest/globals';
import {looksLikeHtml, parseContentType} from '../../src/fetch/content-type.js';

describe('parseContentType', () => {
  it.each([
    ['text/html', {mimeType: 'text/html', charset: null}],
    ['Text/HTML; Charset="Shift_JIS"', {mimeType: 'text/html', charset: 'Shift_JIS'}],
    ['application/xhtml+xml;charset=utf-8', {mimeType: 'application/xhtml+xml', charset: 'utf-8'}],
    ['text/html; foo=bar; charset = gbk ', {mimeType: 'text/html', charset: 'gbk'}],
    ['text/html; charset=', {mimeType: 'text/html', charset: null}],
    ['image/png', {mimeType: 'image/png', charset: null}],
    ['html', {mimeType: '', charset: null}],
    ['', {mimeType: '', charset: null}],
    [undefined, {mimeType: '', charset: null}],
  ])('parses %j', (header, expected) => {
    expect(parseContentType(header)).toEqual(expected);
  });
});

describe('looksLikeHtml', () => {
  it.each([
    '<!DOCTYPE html><html>',
    '  \n<html lang="en">',
    '\ufeff<!doctype HTML>',
    '<HEAD>',
    '<p>hello</p>',
    '<!-- comment -->',
    '<title>x</title>',
  ])('recognises %j', (text) => {
    expect(looksLikeHtml(Buffer.from(text))).toBe(true);
  });

  it.each(['%PDF-1.7', '\x89PNG\r\n', '{"json":true}', '<?xml version="1.0"?>', '<paragraph>', 'plain text', ''])(
    'refuses %j',
    (text) => {
      expect(looksLikeHtml(Buffer.from(text, 'latin1'))).toBe(false);
    },
  );
});
