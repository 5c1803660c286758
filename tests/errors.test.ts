import {describe, expect, it} from '@jest/globals';
import {runInNewContext} from 'node:vm';
import {
  LinkpeekError,
  errorCodes,
  faultOf,
  isLinkpeekError,
  parameterByCode,
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
    ['EMAXREDIRECTS', 424],
    ['EHTTP', 424],
    ['ENOTHTML', 424],
    ['ETOOLARGE', 424],
    ['EFETCH', 424],
    ['ESCREENSHOT', 424],
    ['ERENDER', 424],
    ['ETIMEOUT', 424],
    ['EWALL', 424],
    ['ERATELIMIT', 429],
    ['EROBOTS', 424],
    ['ENOBROWSER', 503],
    ['EMISSINGDEP', 501],
    ['ECACHE', 503],
    ['EWORKERCRASH', 500],
    ['EABORTED', 499],
    ['EINTERNAL', 500],
  ] as const)('maps %s to HTTP %i', (code, status) => {
    expect(statusByCode[code]).toBe(status);
    expect(new LinkpeekError(code, 'x').status).toBe(status);
  });

  it('has a row for every code and no other', () => {
    expect(errorCodes).toHaveLength(25);
    expect(Object.keys(parameterByCode).sort()).toEqual([...errorCodes].sort());
  });

  // @microlink/mql and ky retry these statuses twice: a failure answered with one costs three extractions.
  const retried = [408, 413, 500, 502, 503, 504, 521, 522, 524];

  it('answers every failure that is not linkpeek\'s own with a status the official client does not retry', () => {
    const notOurs = errorCodes.filter((code) => faultOf(code) !== 'linkpeek');
    expect(notOurs).toHaveLength(20);
    for (const code of notOurs) expect({code, retried: retried.includes(statusByCode[code])}).toEqual({code, retried: false});
  });

  it.each([
    ['EINVALURL', 'caller'],
    ['EINVALOPTION', 'caller'],
    ['EABORTED', 'caller'],
    ['ETIMEOUT', 'target'],
    ['EHTTP', 'target'],
    ['EMAXREDIRECTS', 'target'],
    ['EFETCH', 'target'],
    ['EWALL', 'target'],
    ['ERATELIMIT', 'target'],
    ['ENOBROWSER', 'linkpeek'],
    ['EMISSINGDEP', 'linkpeek'],
    ['ECACHE', 'linkpeek'],
    ['EINTERNAL', 'linkpeek'],
  ] as const)('blames %s on the %s', (code, fault) => {
    expect(faultOf(code)).toBe(fault);
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
    expect(json).toEqual({
      status: 'fail',
      code: 'ETIMEOUT',
      message: 'Too slow.',
      more: 'https://github.com/linkpeek/linkpeek/blob/main/docs/endpoint.md#etimeout',
      data: {url: 'Too slow.'},
      url: 'http://a.com/',
    });
  });

  it('marks caller and target faults as fail and internal faults as error (JSend)', () => {
    expect(toErrorBody(new LinkpeekError('EINVALURL', 'bad', {data: {url: 'must use http'}}))).toEqual({
      status: 'fail',
      code: 'EINVALURL',
      message: 'bad',
      more: 'https://github.com/linkpeek/linkpeek/blob/main/docs/endpoint.md#einvalurl',
      data: {url: 'must use http'},
    });
    expect(toErrorBody(new LinkpeekError('EHTTP', 'gone', {statusCode: 404}))).toMatchObject({status: 'fail', statusCode: 404});
    expect(toErrorBody(new LinkpeekError('ENOBROWSER', 'no chromium')).status).toBe('error');
  });

  it('keys data by the parameter at fault when the error has none, and by nothing for our own faults', () => {
    expect(toErrorBody(new LinkpeekError('ENOELEMENT', 'No `#x`.')).data).toEqual({element: 'No `#x`.'});
    expect(toErrorBody(new LinkpeekError('EFETCH', 'Refused.')).data).toEqual({url: 'Refused.'});
    expect(toErrorBody(new LinkpeekError('EINVALOPTION', 'Bad.', {data: {ping: 'must be a boolean'}})).data).toEqual({ping: 'must be a boolean'});
    expect(toErrorBody(new LinkpeekError('ENOBROWSER', 'No Chromium.')).data).toBeUndefined();
  });

  it('links more to the code under another base when asked', () => {
    expect(toErrorBody(new LinkpeekError('ETIMEOUT', 'Too slow.'), 'https://microlink.io/').more).toBe('https://microlink.io/etimeout');
  });

  it('turns unknown errors into a generic EINTERNAL without leaking their message', () => {
    const body = toErrorBody(new TypeError('secret internals at /srv/app.js:12'));
    expect(body).toEqual({status: 'error', code: 'EINTERNAL', message: 'An internal error occurred.', more: expect.stringMatching(/#einternal$/)});
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
