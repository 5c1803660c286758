// Plain Node: extract the bundled sample page and print the result.
// Run: npm run example   (or: npx tsx examples/basic.ts)
//
// In your app: import {createExtractor} from 'linkpeek';
import {createExtractor} from '../src/index.js';
import {startSampleSite} from './sample-site.js';

const site = await startSampleSite();
try {
  const extract = createExtractor({
    // LOCAL DEMO ONLY: the sample page is on 127.0.0.1, which linkpeek refuses by default (SSRF
    // protection). Production code never sets `allowAddress`.
    allowAddress: (address) => address === '127.0.0.1',
  });
  const result = await extract(site.url);
  process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
} finally {
  await site.close();
}
