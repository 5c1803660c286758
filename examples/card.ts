// The link card rendered on the server with renderCard, screenshotted light and dark by
// linkpeek's own screenshot stage (the pictures of docs/card.md). Needs Chromium.
// Run: npx tsx examples/card.ts [output directory, default: a temporary one]
//
// In your app: import {createExtractor} from 'linkpeek'; import {renderCard} from 'linkpeek/card';
import {mkdir, mkdtemp, rename} from 'node:fs/promises';
import {createServer} from 'node:http';
import type {AddressInfo} from 'node:net';
import {tmpdir} from 'node:os';
import {join, resolve} from 'node:path';
import {fileURLToPath, pathToFileURL} from 'node:url';
import {createChromiumProvider, createExtractor, createFileStore} from '../src/index.js';
import {renderCard} from '../src/card/index.js';
import {startSampleSite} from './sample-site.js';

const output = resolve(process.argv[2] ?? (await mkdtemp(join(tmpdir(), 'linkpeek-card-'))));
await mkdir(output, {recursive: true});
const site = await startSampleSite();
const screenshotProvider = createChromiumProvider();
const extract = createExtractor({
  // LOCAL DEMO ONLY: the sample page and the card page are on 127.0.0.1. Never set in production.
  allowAddress: (address) => address === '127.0.0.1',
  screenshotProvider,
  screenshotStore: createFileStore({directory: output, baseUrl: pathToFileURL(`${output}/`).href}),
});
// The card of the sample page, as your server would write it into a page.
const {data} = await extract(site.url, {palette: false});
const card = renderCard(data);
const page = createServer((_request, response) => {
  response.writeHead(200, {'content-type': 'text/html; charset=utf-8'});
  response.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>card</title>
<meta name="color-scheme" content="light dark"></head><body style="margin:0;padding:24px;width:520px">${card}</body></html>`);
});
await new Promise<void>((done) => page.listen(0, '127.0.0.1', done));
try {
  const url = `http://127.0.0.1:${(page.address() as AddressInfo).port}/`;
  for (const colorScheme of ['light', 'dark'] as const) {
    const {data: shot} = await extract(url, {screenshot: {type: 'png'}, element: 'link-preview', colorScheme, ping: false});
    const file = join(output, `card-${colorScheme}.png`);
    await rename(fileURLToPath(shot.screenshot?.url ?? ''), file);
    process.stdout.write(`${JSON.stringify({colorScheme, file, width: shot.screenshot?.width, height: shot.screenshot?.height, size: shot.screenshot?.size})}\n`);
  }
} finally {
  page.close();
  await screenshotProvider.close();
  await site.close();
}
