import {describe, expect, it} from '@jest/globals';
import {runInNewContext} from 'node:vm';
import {
  LinkpeekError,
  errorCodes,
  isLinkpeekError,
  statusByCode,
  stripCredentials,
  toErrorBody,
  toLinkpeekError,
} from '../src/errors.js';

describe('statusByCode', () => {
  it.each([
    ['EINVALURL', 400],
    ['EFORBIDDENURL', 400],
    ['EINVALOPTION', 400],
    ['ENOELEMENT', 400],
    ['EMAXREDIRECTS', 502],
    ['EHTTP', 502],
    ['ENOTHTML', 502],
    ['ETOOLARGE', 502],
    ['EFETCH', 502],
    ['ESCREENSHOT', 502],
    ['ERENDER', 502],
    ['ETIMEOUT', 504],
    ['ENOBROWSER', 503],
    ['EABORTED', 499],
    ['EINTERNAL', 500],
  ] as const)('maps %s to HTTP %i', (code, status) => {
    expect(statusByCode[code]).toBe(status);
    expect(new LinkpeekError(code, 'x').status).toBe(status);
  });

  it('has a row for every code and no other', () => {
    expect(errorCodes).toHaveLength(15);
  });
});

describe('LinkpeekError', () => {
  it('keeps the code, the cause and a credential-free url', () => {
    const cause = new Error('socket hang up');
    const error = new LinkpeekError('EFETCH', 'The target could not be reached.', {
      cause,
      url: 'https://user:secret@example.com/a?b=1#c',
    });
    expect(error.code).toBe('EFETCH');
    expect(error.cause).toBe(cause);
    expect(error.url).toBe('https://example.com/a?b=1#c');
    expect(error.name).toBe('LinkpeekError');
    expect(error).toBeInstanceOf(Error);
  });

  it('serializes only public fields: no cause, no stack', () => {
    const error = new LinkpeekError('ETIMEOUT', 'Too slow.', {cause: new Error('inner secret'), url: 'http://a.com/'});
    const json = JSON.parse(JSON.stringify(error));
    expect(json).toEqual({status: 'error', code: 'ETIMEOUT', message: 'Too slow.', url: 'http://a.com/'});
  });

  it('marks caller faults as fail and target or internal faults as error (JSend)', () => {
    expect(toErrorBody(new LinkpeekError('EINVALURL', 'bad', {data: {url: 'bad'}}))).toEqual({
      status: 'fail',
      code: 'EINVALURL',
      message: 'bad',
      data: {url: 'bad'},
    });
    expect(toErrorBody(new LinkpeekError('EHTTP', 'gone', {statusCode: 404})).status).toBe('error');
    expect(toErrorBody(new LinkpeekError('EHTTP', 'gone', {statusCode: 404})).statusCode).toBe(404);
  });

  it('turns unknown errors into a generic EINTERNAL without leaking their message', () => {
    const body = toErrorBody(new TypeError('secret internals at /srv/app.js:12'));
    expect(body).toEqual({status: 'error', code: 'EINTERNAL', message: 'An internal error occurred.'});
    expect(toLinkpeekError(new Error('x')).cause).toBeInstanceOf(Error);
  });

  it('is recognised across realms and package copies', () => {
    const foreign = runInNewContext('({})');
    Object.defineProperty(foreign, Symbol.for('linkpeek.error'), {value: true});
    expect(isLinkpeekError(foreign)).toBe(true);
    expect(isLinkpeekError(new Error('x'))).toBe(false);
    expect(isLinkpeekError(null)).toBe(false);
  });
});

describe('stripCredentials', () => {
  it('removes userinfo from parseable and unparseable URLs', () => {
    expect(stripCredentials('http://a:b@host.com/p')).toBe('http://host.com/p');
    expect(stripCredentials('http://a:b@[bad/p')).toBe('http://[bad/p');
  });
});
