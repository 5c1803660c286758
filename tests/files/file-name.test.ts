import {describe, expect, it} from '@jest/globals';
import {dispositionFileName, fileName, titleFromFileName} from '../../src/files/file-name.js';

describe('fileName', () => {
  it('takes the URL last path segment, percent-decoded, when there is no Content-Disposition', () => {
    expect(fileName('https://cdn.example/files/Annual%20Report%202026.pdf?x=1#p2', undefined)).toBe('Annual Report 2026.pdf');
    expect(fileName('https://cdn.example/podcasts/feed/', undefined)).toBe('feed');
    expect(fileName('https://cdn.example/caf%C3%A9.png', undefined)).toBe('café.png');
  });

  it('keeps a segment whose percent-encoding is broken as it is', () => {
    expect(fileName('https://cdn.example/100%25-%zz.txt', undefined)).toBe('100%25-%zz.txt');
  });

  it('gives null for the root of a site', () => {
    expect(fileName('https://cdn.example/', undefined)).toBeNull();
  });

  it('prefers the Content-Disposition name over the URL', () => {
    expect(fileName('https://cdn.example/download?id=7', 'attachment; filename="Q3 figures.csv"')).toBe('Q3 figures.csv');
    expect(fileName('https://cdn.example/download?id=7', 'inline')).toBe('download');
  });
});

describe('dispositionFileName', () => {
  it('prefers filename* (RFC 8187) over filename, whatever their order', () => {
    expect(dispositionFileName(`attachment; filename*=UTF-8''%E2%82%AC%20rates.pdf; filename="EUR rates.pdf"`)).toBe('€ rates.pdf');
    expect(dispositionFileName(`attachment; filename="EUR rates.pdf"; filename*=utf-8''%E2%82%AC%20rates.pdf`)).toBe('€ rates.pdf');
  });

  it('decodes an ISO-8859-1 filename*', () => {
    expect(dispositionFileName(`attachment; filename*=iso-8859-1'en'%A3%20rates.txt`)).toBe('£ rates.txt');
  });

  it('falls back to filename when filename* is malformed', () => {
    expect(dispositionFileName(`attachment; filename*=nonsense; filename="plain.txt"`)).toBe('plain.txt');
    expect(dispositionFileName(`attachment; filename*=UTF-8''%FF%FE.txt; filename=plain.txt`)).toBe('plain.txt');
  });

  it('unescapes quoted strings and reads tokens', () => {
    expect(dispositionFileName('attachment; filename="say \\"hi\\".txt"')).toBe('say "hi".txt');
    expect(dispositionFileName('attachment; filename=plain.txt')).toBe('plain.txt');
  });

  it('reads a raw UTF-8 name (which Node hands over as latin1) back as UTF-8', () => {
    expect(dispositionFileName(`attachment; filename="${Buffer.from('déjà vu.pdf', 'utf8').toString('latin1')}"`)).toBe('déjà vu.pdf');
  });

  it('drops directories and control characters, and gives null when nothing is left', () => {
    expect(dispositionFileName('attachment; filename="../../etc/passwd"')).toBe('passwd');
    expect(dispositionFileName('attachment; filename="C:\\\\temp\\\\a.txt"')).toBe('a.txt');
    expect(dispositionFileName('attachment; filename="a\u0007b.txt"')).toBe('ab.txt');
    expect(dispositionFileName('attachment; filename=".."')).toBeNull();
    expect(dispositionFileName('attachment')).toBeNull();
  });
});

describe('titleFromFileName', () => {
  it('removes known extensions, up to two', () => {
    expect(titleFromFileName('Annual Report 2026.pdf')).toBe('Annual Report 2026');
    expect(titleFromFileName('backup.tar.gz')).toBe('backup');
    expect(titleFromFileName('photo.JPG')).toBe('photo');
  });

  it('keeps dots that are not extensions, and a name that is all extension', () => {
    expect(titleFromFileName('release-v1.2.3')).toBe('release-v1.2.3');
    expect(titleFromFileName('notes.final')).toBe('notes.final');
    expect(titleFromFileName('.pdf')).toBe('.pdf');
  });
});
