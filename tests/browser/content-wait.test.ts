/**
 * waitForContent, the decision behind `waitUntil: 'auto'` (issue 23 point 6), on a bare page of
 * a real Chromium: how each wait ends, asserted by the reason it gives and by what the page holds
 * then, never by a duration.
 */
import {afterAll, beforeAll, expect, it, jest} from '@jest/globals';
import puppeteer, {type Browser, type Page} from 'puppeteer-core';
import {type ContentWaitEnd, prepareContentWait, waitForContent} from '../../src/browser/content-wait.js';
import {chromiumPath, describeWithChromium} from '../helpers/chromium.js';
import {contentWaitPages as pages, startContentWaitSite, type ContentWaitSite} from '../helpers/content-wait-site.js';
import {html} from '../helpers/server.js';

jest.setTimeout(30_000);

let site: ContentWaitSite;
// A plain Chromium that reaches the test server directly: the function under test is the wait, not
// the guard (linkpeek's own launch sends every request through Node).
let browser: Browser | undefined;

// Pages of this file only, added to the fixture site's routes.
const extraPages: Record<string, string> = {
  // Complete at once: a title, a description and an image written by the script.
  '/unit/complete/': `<!doctype html><title>Shell</title><div id="root"></div><script>
    document.title = 'Written';
    const add = (key, name, content) => { const m = document.createElement('meta'); m.setAttribute(key, name); m.content = content; document.head.append(m); };
    add('name', 'description', 'A description.');
    add('property', 'og:image', '/x.png');
    document.getElementById('root').textContent = 'Rendered';
  </script>`,
  // A title and a description, no image ever: described, and the network is busy.
  '/unit/described/': `<!doctype html><title>Shell</title><div id="root"></div><script src="/background.js"></script><script>
    const m = document.createElement('meta'); m.name = 'description'; m.content = 'A description.'; document.head.append(m);
    document.getElementById('root').textContent = 'Rendered';
  </script>`,
  // Nothing is ever written, nothing is requested after load: the network decides.
  '/unit/quiet/': '<!doctype html><title>Static page</title><div id="root"></div><script>void 0</script>',
  // A JSON-LD block written by the script counts as the description and the image.
  '/unit/jsonld/': `<!doctype html><title>Shell</title><body><script src="/background.js"></script><script>
    const s = document.createElement('script'); s.type = 'application/ld+json';
    s.textContent = JSON.stringify({'@type': 'Article', headline: 'From JSON-LD', description: 'Described in JSON-LD.', image: '/a.png'});
    document.head.append(s);
  </script>`,
  // A script navigation to a page that writes its content: the watch follows to the new document.
  '/unit/navigates/': '<!doctype html><title>Redirecting</title><div id="root"></div><script>location.href = "/unit/complete/"</script>',
};

beforeAll(async () => {
  site = await startContentWaitSite();
  for (const [path, body] of Object.entries(extraPages)) site.route(path, html(body));
  if (!chromiumPath) return;
  browser = await puppeteer.launch({
    executablePath: chromiumPath,
    headless: chromiumPath.includes('headless-shell') ? 'shell' : true,
    pipe: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
}, 30_000);

afterAll(async () => {
  await browser?.close();
  await site?.close();
});

/** Loads `path` in a fresh page (probe installed unless `probe` is false), waits, and reads the page. */
async function load(path: string, {ceiling = 3_000, probe = true} = {}): Promise<{end: ContentWaitEnd; title: string; url: string; description: string | null}> {
  const context = await browser!.createBrowserContext();
  try {
    const page: Page = await context.newPage();
    if (probe) await prepareContentWait(page);
    await page.goto(site.url(path), {waitUntil: 'load'});
    const end = await waitForContent(page, {ceiling, quietNetwork: 500});
    const read = await page.evaluate(() => ({
      title: document.title,
      description: document.querySelector('meta[name="description"]')?.getAttribute('content') ?? null,
    }));
    return {end, url: page.url(), ...read};
  } finally {
    await context.close();
  }
}

describeWithChromium('waitForContent', () => {
  it("ends 'complete' once a title, a description and an image were written", async () => {
    expect(await load('/unit/complete/')).toMatchObject({end: 'complete', title: 'Written', description: 'A description.'});
  });

  it("ends 'complete' on a page written after a fetch, while its long poll is still open", async () => {
    const {path, title} = pages.lateFetch;
    const result = await load(path);
    expect(result).toMatchObject({end: 'complete', title});
    expect(site.answeredPolls).not.toContain(path);
  });

  it("ends 'described' on a title and a description without an image, though the network is busy", async () => {
    expect(await load('/unit/described/')).toMatchObject({end: 'described', description: 'A description.'});
  });

  it('takes a JSON-LD block the script wrote as the content', async () => {
    expect(await load('/unit/jsonld/')).toMatchObject({end: 'complete', title: 'Shell'});
  });

  it("does not count the server's own title: a title alone is not content, a description written later is", async () => {
    const {path, title, description} = pages.stages;
    expect(await load(path)).toMatchObject({end: 'described', title, description});
  });

  it("ends 'quiet-network' on a page that writes nothing and requests nothing more", async () => {
    expect(await load('/unit/quiet/')).toMatchObject({end: 'quiet-network', title: 'Static page'});
  });

  it("ends at the 'ceiling' when the content never comes and the network is never quiet", async () => {
    // A short ceiling: #root never fills, the long poll keeps the network busy.
    const result = await load(pages.never.path, {ceiling: 1_500});
    expect(result).toMatchObject({end: 'ceiling', title: pages.never.title});
  });

  it('follows a script navigation and watches the new document', async () => {
    expect(await load('/unit/navigates/')).toMatchObject({end: 'complete', title: 'Written', url: site.url('/unit/complete/')});
  });

  it('without the probe installed, leaves the decision to the network', async () => {
    expect(await load('/unit/complete/', {probe: false})).toMatchObject({end: 'quiet-network', title: 'Written'});
  });
});
