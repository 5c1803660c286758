import {afterAll, beforeAll, expect, it, jest} from '@jest/globals';
import {createChromiumProvider, type ChromiumProvider} from '../../src/browser/chromium-provider.js';
import {toErrorBody} from '../../src/errors.js';
import {createExtractor} from '../../src/extract.js';
import {describeWithChromium} from '../helpers/chromium.js';
import {loopbackConfig} from '../helpers/policy.js';
import {startServer, type TestServer} from '../helpers/server.js';

jest.setTimeout(60_000);

// Credentials in the URL through the browser (prerender, screenshot): the browser's URL, the result
// and the errors never hold them, and no other origin ever receives them.
let site: TestServer;
let cdn: TestServer;
let provider: ChromiumProvider;
const seen: string[] = [];

beforeAll(async () => {
  cdn = await startServer({
    '/logo.png': (request, response) => {
      seen.push(`cdn ${request.url} ${request.headers.authorization ?? 'none'}`);
      response.writeHead(404).end();
    },
  });
  site = await startServer({
    '/page': (request, response) => {
      seen.push(`site ${request.url} ${request.headers.authorization ?? 'none'}`);
      response.writeHead(200, {'content-type': 'text/html'}).end(`<title>static</title>
        <link rel="icon" href="http://cdn.test:${cdn.port}/logo.png"><img src="http://cdn.test:${cdn.port}/logo.png">
        <script>document.title = 'rendered at ' + location.href</script>`);
    },
  });
  provider = createChromiumProvider();
});
afterAll(async () => {
  await provider?.close();
  await site.close();
  await cdn.close();
});

describeWithChromium('credentials in the URL through the browser', () => {
  it.each([false, true])('prerender %s with a screenshot: the page gets them, nothing shows them, no other origin gets them', async (prerender) => {
    seen.length = 0;
    const extract = createExtractor({...loopbackConfig, screenshotProvider: provider});
    // A generous budget: a render and a screenshot on a loaded machine may take longer than the default 10 s.
    const result = await extract(`http://ann:s3cr3t-pw@site.test:${site.port}/page`, {prerender, screenshot: true, timeout: 40_000});
    const text = JSON.stringify({...result, data: {...result.data, screenshot: null}});
    expect(text).not.toContain('s3cr3t');
    expect(text).not.toContain('ann:');
    expect(result.data.url).toBe(`http://site.test:${site.port}/page`);
    if (prerender) expect(result.data.title).toBe(`rendered at http://site.test:${site.port}/page`);
    expect(seen).toContain(`site /page Basic ${Buffer.from('ann:s3cr3t-pw').toString('base64')}`);
    expect(seen.filter((line) => line.startsWith('cdn ') && !line.endsWith(' none'))).toEqual([]);
  });

  it('a render that fails says so without them', async () => {
    const extract = createExtractor({...loopbackConfig, screenshotProvider: provider});
    const error = await extract('http://ann:s3cr3t-pw@site.test:1/', {prerender: true}).catch((caught: unknown) => caught);
    expect(JSON.stringify(toErrorBody(error))).not.toContain('s3cr3t');
    expect(String((error as Error).message)).not.toContain('s3cr3t');
  });
});
