// The endpoint in a Koa app, through the framework-free core handleQuery (linkpeek has no Koa
// dependency). Run: npx tsx examples/koa.ts
//
// In your app: import {handleQuery, type HandlerConfig} from 'linkpeek/endpoint';
import {createServer} from 'node:http';
import Koa from 'koa';
import {handleQuery, type HandlerConfig} from '../src/endpoint/index.js';
import {serveDemo, startSampleSite} from './sample-site.js';

const site = await startSampleSite();
// One config object for the app's lifetime: its cache and extractor are built once per object.
const config: HandlerConfig = {
  // LOCAL DEMO ONLY: lets the endpoint reach the sample page on 127.0.0.1. Never set in production.
  allowAddress: (address) => address === '127.0.0.1',
};

const app = new Koa();
app.use(async (ctx) => {
  const {status, headers, body} = await handleQuery(ctx.URL.searchParams, config, {method: ctx.method});
  ctx.status = status;
  ctx.set(headers);
  ctx.body = body;
});

serveDemo(createServer(app.callback()), site);
