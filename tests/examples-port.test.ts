// The endpoint examples pick a free port when PORT is not given (issue 25): a busy 3000 (another
// app, a `linkpeek serve`) must not make `npx tsx examples/node-http.ts` fail.
import {afterAll, beforeAll, expect, it, jest} from '@jest/globals';
import {createServer, type Server} from 'node:http';
import {start} from './helpers/child.js';

jest.setTimeout(60_000);

let busy: Server | null = null;

beforeAll(async () => {
  // Hold 3000 when it is free; when something else holds it, the test holds all the same.
  const server = createServer((_request, response) => response.end('busy'));
  busy = await new Promise<Server | null>((resolve) => {
    server.once('error', () => resolve(null));
    server.listen(3000, '127.0.0.1', () => resolve(server));
  });
});
afterAll(() => new Promise<void>((resolve) => (busy ? busy.close(() => resolve()) : resolve())));

it.each(['node-http.ts', 'express.ts', 'koa.ts'])('examples/%s listens on a free port without PORT and says where', async (file) => {
  // The child inherits this process's environment: no PORT in it.
  delete process.env.PORT;
  const example = start(process.execPath, ['--import', 'tsx', `examples/${file}`]);
  const [, endpoint] = await example.waitFor('stdout', /Endpoint: (http:\/\/127\.0\.0\.1:\d+\/\S*)/);
  expect(endpoint).not.toMatch(/:3000\//);
  const [, curl] = await example.waitFor('stdout', /Try: curl '([^']+)'/);
  const answer = await fetch(curl as string);
  expect(answer.status).toBe(200);
  expect(((await answer.json()) as {status: string}).status).toBe('success');
  example.child.kill('SIGTERM');
  await example.finished;
});
