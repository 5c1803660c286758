// The endpoint in an Express app, mounted under /preview. Run: npx tsx examples/express.ts
// Then: curl 'http://127.0.0.1:3000/preview?url=<the sample URL it prints, percent-encoded>'
//
// In your app: import {createHandler} from 'linkpeek/endpoint';
import {createServer} from 'node:http';
import express from 'express';
import {createHandler} from '../src/endpoint/index.js';
import {serveDemo, startSampleSite} from './sample-site.js';

const site = await startSampleSite();
const app = express();
// Mounted with app.use, the handler sees req.url relative to /preview and answers at its root.
app.use(
  '/preview',
  createHandler({
    // LOCAL DEMO ONLY: lets the endpoint reach the sample page on 127.0.0.1. Never set in production.
    allowAddress: (address) => address === '127.0.0.1',
    cacheTtl: 10 * 60_000,
  }),
);
app.get('/', (_request, response) => void response.send('Link previews live under /preview?url=...'));

serveDemo(createServer(app), site, '/preview');
