import {describe, expect, it} from '@jest/globals';
import {responseHeaders} from '../../src/fetch/response-headers.js';

describe('responseHeaders', () => {
  it('gives one lowercase string per name, repeated values joined with a comma, set-cookie left out', () => {
    expect(
      responseHeaders({
        'Content-Type': 'text/html',
        vary: ['accept', 'accept-encoding'] as unknown as string,
        // A browser (puppeteer) joins repeated values with newlines.
        link: '</a.css>; rel=preload\n</b.js>; rel=preload',
        'set-cookie': ['a=1', 'b=2'],
        'Set-Cookie2': 'c=3' as never,
        age: undefined,
      }),
    ).toEqual({'content-type': 'text/html', vary: 'accept, accept-encoding', link: '</a.css>; rel=preload, </b.js>; rel=preload'});
  });
});
