import {afterAll, beforeAll, describe, expect, it} from '@jest/globals';
import {createExtractor} from '../src/extract.js';
import {defaultStages} from '../src/extract/stages.js';
import {metaFields} from '../src/shared/meta-fields.js';
import {loopbackConfig} from './helpers/policy.js';
import {html, startServer, type TestServer} from './helpers/server.js';

/*
 * The spine of extract() (issue 34 item 5, docs/architecture.md "The spine"): a page is parsed and
 * run through the rules once when no step needs another read, and the page and file paths end the
 * same way over one list of fields.
 */

const page = `<!doctype html><html lang="en"><head>
<title>Quay lamps lit again | Harbour Post</title>
<meta property="og:title" content="Quay lamps lit again">
<meta property="og:description" content="After twelve years, the lamps along the quay are lit again.">
<meta name="author" content="Mara Ellis">
</head><body><h1>Quay lamps lit again</h1><p>Body text.</p></body></html>`;

// A 1x1 PNG: a file, described by the files stage.
const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

let server: TestServer;

beforeAll(async () => {
  server = await startServer();
  server.route('/story', html(page));
  server.route('/lamp.png', (_request, response) => {
    response.writeHead(200, {'content-type': 'image/png', 'content-length': png.length}).end(png);
  });
});

afterAll(async () => {
  await server.close();
});

/** An extractor counting its parseHtml and pickFields calls. */
function counting() {
  const calls = {parseHtml: 0, pickFields: 0};
  const extract = createExtractor({
    ...loopbackConfig,
    stages: {
      parseHtml: (...args) => {
        calls.parseHtml++;
        return defaultStages.parseHtml(...args);
      },
      pickFields: (...args) => {
        calls.pickFields++;
        return defaultStages.pickFields(...args);
      },
    },
  });
  return {extract, calls};
}

describe('the spine of extract()', () => {
  it('parses a page without a wall once and runs the rules over it once', async () => {
    const {extract, calls} = counting();
    const result = await extract(server.url('/story'), {ping: false});
    expect(result.data.title).toBe('Quay lamps lit again');
    expect(result.data.author).toBe('Mara Ellis');
    expect(calls).toEqual({parseHtml: 1, pickFields: 1});
  });

  it('runs no rule when every default field is off, and still parses once (for the wall check)', async () => {
    const {extract, calls} = counting();
    const result = await extract(server.url('/story'), {ping: false, meta: false});
    for (const field of metaFields) expect(result.data[field]).toBeNull();
    expect(calls).toEqual({parseHtml: 1, pickFields: 0});
  });

  it('ends a file as it ends a page: the fields meta turns off are null, the envelope the same', async () => {
    const {extract, calls} = counting();
    const options = {ping: false, meta: {title: false, image: false}, iframe: true} as const;
    const [file, story] = await Promise.all([extract(server.url('/lamp.png'), options), extract(server.url('/story'), options)]);
    for (const result of [file, story]) {
      expect(Object.keys(result.data).slice(0, metaFields.length)).toEqual([...metaFields]);
      expect(result.data.title).toBeNull();
      expect(result.data.image).toBeNull();
      expect(result.data).toHaveProperty('iframe');
      expect(Object.keys(result).slice(0, 6)).toEqual(['status', 'data', 'statusCode', 'redirects', 'headers', 'prerendered']);
    }
    expect(file.data.iframe).toBeNull();
    expect(file.file?.kind).toBe('image');
    expect(story.file).toBeUndefined();
    // The file is no page: only the story was parsed.
    expect(calls.parseHtml).toBe(1);
  });
});
