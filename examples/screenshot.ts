// A screenshot of one element of the sample page, saved as a file. Needs Chromium
// (`apt-get install -y chromium`). Run: npx tsx examples/screenshot.ts
//
// In your app: import {createExtractor, createChromiumProvider, createFileStore} from 'linkpeek';
import {mkdtemp} from 'node:fs/promises';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {pathToFileURL} from 'node:url';
import {createChromiumProvider, createExtractor, createFileStore} from '../src/index.js';
import {startSampleSite} from './sample-site.js';

const site = await startSampleSite();
// One browser for the app's lifetime, launched on the first capture; close it on shutdown.
const screenshotProvider = createChromiumProvider();
const directory = await mkdtemp(join(tmpdir(), 'linkpeek-shots-'));
try {
  const extract = createExtractor({
    // LOCAL DEMO ONLY: the sample page is on 127.0.0.1. Never set in production.
    allowAddress: (address) => address === '127.0.0.1',
    screenshotProvider,
    // Files named by the hash of their bytes; serve `directory` at `baseUrl` in a real app.
    screenshotStore: createFileStore({directory, baseUrl: pathToFileURL(directory).href}),
  });
  const result = await extract(site.url, {screenshot: {type: 'png'}, element: '#card', ping: false});
  process.stdout.write(`${JSON.stringify(result.data.screenshot, null, 2)}\n`);
} finally {
  await screenshotProvider.close();
  await site.close();
}
