// The endpoint on plain node:http. Run: npx tsx examples/node-http.ts  (a free port unless PORT is set; the URL is printed)
// Then: curl 'http://127.0.0.1:3000/?url=<the sample URL it prints, percent-encoded>'
//
// In your app: import {createHandler} from 'linkpeek/endpoint';
import {createServer} from 'node:http';
import {createHandler} from '../src/endpoint/index.js';
import {serveDemo, startSampleSite} from './sample-site.js';

const site = await startSampleSite();
const handler = createHandler({
  // LOCAL DEMO ONLY: lets the endpoint reach the sample page on 127.0.0.1. Never set in production.
  allowAddress: (address) => address === '127.0.0.1',
});

serveDemo(createServer(handler), site);
