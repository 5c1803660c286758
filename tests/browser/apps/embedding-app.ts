// An app that embeds linkpeek the documented way (one shared createChromiumProvider) and keeps
// running (an HTTP server), as a real app does. It takes one screenshot, prints `ready <browser pid>`,
// then waits: the test sends it a signal and checks that the app, not linkpeek, decides what happens.
import {createServer} from 'node:http';
import {createChromiumProvider} from '../../../src/browser/chromium-provider.js';
import {createDeadline} from '../../../src/deadline.js';
import {normalizeConfig, normalizeOptions} from '../../../src/options.js';
import {takeScreenshot} from '../../../src/screenshot/take-screenshot.js';
import {loopbackConfig} from '../../helpers/policy.js';

const server = createServer((_request, response) => {
  response.writeHead(200, {'content-type': 'text/html'}).end('<title>app</title><h1>app</h1>');
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const {port} = server.address() as {port: number};
const provider = createChromiumProvider();
const config = normalizeConfig({...loopbackConfig, screenshotProvider: provider});
const request = normalizeOptions({screenshot: true}, config);
const deadline = createDeadline(20_000);
await takeScreenshot(`http://127.0.0.1:${port}/`, {screenshot: request.screenshot!, headers: {}, deadline}, config);
deadline.dispose();
process.stdout.write(`ready ${provider.pid}\n`);
