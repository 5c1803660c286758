#!/usr/bin/env node
// The `linkpeek` command. Unlike the library, a command may write to the terminal.
import {readFileSync} from 'node:fs';
import {parseArgs} from 'node:util';
import {isLoopbackAddress, isPublicAddress} from './url/address.js';
import {isLinkpeekError, LinkpeekError, toErrorBody} from './errors.js';
import {createChromiumProvider} from './browser/chromium-provider.js';
import {createExtractor} from './extract.js';
import type {AddressPolicy} from './options.js';
import {parseQuery} from './endpoint/parse-query.js';
import type {HandlerConfig} from './endpoint/handler.js';
import {startEndpoint} from './endpoint/serve.js';

const usage = `Usage:
  linkpeek <url> [options]        print the link data of <url> as JSON
  linkpeek serve [--port N] [--host H] [--redis URL] [--allow-loopback]
                                  run the HTTP endpoint (GET /?url=...)

Options for <url> (the endpoint's query parameters, as flags):
  --no-ping                 do not check that URLs in the result are reachable
  --ping.<kind>=false       turn off the check for one kind: url, image, logo, video, audio
  --screenshot              add data.screenshot (needs Chromium)
  --screenshot.<key>=VALUE  type, quality, fullPage, width, height, deviceScaleFactor, waitUntil,
                            waitForSelector, waitForTimeout, element, hide, remove, click, scroll,
                            overlay.browser (light|dark), overlay.background (colour, gradient, URL)
  --device=NAME             emulate a device, e.g. --device="iPhone 15" (screenshots and rendering)
  --colorScheme=SCHEME      light, dark or no-preference
  --mediaType=TYPE          screen or print
  --element SELECTOR        capture only this element
  --prerender[=auto|false]  read the page a browser sees after its scripts ran (default: auto,
                            which renders only pages that look client-rendered)
  --waitUntil=EVENT         auto, load, domcontentloaded, networkidle0, networkidle2
  --waitForSelector=CSS     wait for an element before reading or capturing the page
  --waitForTimeout=MS       wait this much longer
  --iframe[.maxWidth=N]     add data.iframe: the provider's player or widget through oEmbed
  --data.<name>.<key>=VALUE a custom rule: selector, selectorAll, attr, type (see docs)
  --no-meta, --meta.<field>=false
                            skip every default field, or one
  --headers.<name>=VALUE    send a header to the target, e.g. --headers.authorization="Bearer x"
  --timeout MS              total time limit

Options for serve:
  --port N                  port to listen on (default: env PORT, else 3000; 0 picks a free one)
  --host H                  interface (default 127.0.0.1; 0.0.0.0 to serve other machines)
  --no-cache                do not cache results (default: in-memory LRU, 1 hour)
  --redis URL               share the cache and coalesce requests with every instance on this
                            Redis, e.g. redis://127.0.0.1:6379 (default: env LINKPEEK_REDIS_URL)

Both:
  --allow-loopback          FOR LOCAL TESTING ONLY: also allow 127.0.0.0/8 and ::1 targets
                            (same as env LINKPEEK_ALLOW_LOOPBACK=1). Private ranges stay refused.
  --help, --version

Output: the result envelope as JSON on stdout, exit 0. On failure the error JSON goes to stderr:
exit 2 when the input is at fault (status "fail": EINVALURL, EFORBIDDENURL, EINVALOPTION, ...),
exit 1 when the target or linkpeek failed (status "error").`;

/** Loopback plus the public internet: what `--allow-loopback` permits. Private ranges stay closed. */
const loopbackAndPublic: AddressPolicy = (address, family) =>
  isLoopbackAddress(address, family) || isPublicAddress(address, family);

async function main(argv: string[]): Promise<number> {
  const {values, positionals, tokens} = parseArgs({
    args: argv,
    options: {
      element: {type: 'string'},
      timeout: {type: 'string'},
      port: {type: 'string'},
      host: {type: 'string'},
      redis: {type: 'string'},
    },
    strict: false,
    allowPositionals: true,
    tokens: true,
  });
  const flags = new URLSearchParams();
  const own = new Set(['help', 'version', 'allow-loopback', 'port', 'host', 'no-cache', 'redis']);
  for (const token of tokens) {
    if (token.kind !== 'option' || own.has(token.name)) continue;
    // `--no-ping` is `ping=false`; every other flag is the query parameter of the same name.
    if (token.name.startsWith('no-') && token.value === undefined) flags.append(token.name.slice(3), 'false');
    else flags.append(token.name, token.value === undefined ? 'true' : String(token.value));
  }
  if (values.help) {
    process.stdout.write(`${usage}\n`);
    return 0;
  }
  if (values.version) {
    const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {version: string};
    process.stdout.write(`${pkg.version}\n`);
    return 0;
  }
  const allowLoopback = values['allow-loopback'] === true || process.env.LINKPEEK_ALLOW_LOOPBACK === '1';
  const policy = allowLoopback ? {allowAddress: loopbackAndPublic} : {};

  if (positionals[0] === 'serve') {
    if (positionals.length > 1 || [...flags.keys()].some((name) => name !== 'cache')) {
      throw usageError('`serve` takes only --port, --host, --no-cache, --redis and --allow-loopback.');
    }
    if (values.redis !== undefined && typeof values.redis !== 'string') throw usageError('`--redis` needs a URL.');
    const redis = typeof values.redis === 'string' ? values.redis : process.env.LINKPEEK_REDIS_URL || undefined;
    if (redis !== undefined && values['no-cache'] === true) throw usageError('`--redis` and `--no-cache` exclude each other.');
    if (redis !== undefined && !/^rediss?:\/\/\S+$/i.test(redis)) throw usageError('`--redis` must be a redis:// or rediss:// URL.');
    return serve(values.port, values.host, {...policy, cache: values['no-cache'] !== true}, redis);
  }
  if (positionals.length !== 1) throw usageError('Give exactly one URL.');
  flags.set('url', positionals[0] ?? '');
  let result;
  try {
    const {url, options, embed} = parseQuery(flags);
    if (embed !== null) throw usageError('`--embed` is for the HTTP endpoint only.');
    // A browser for screenshots and rendering, launched only if one is needed ('auto' renders
    // client-rendered pages; without Chromium it keeps the static result).
    const screenshotProvider = createChromiumProvider({concurrency: 1});
    try {
      result = await createExtractor({...policy, screenshotProvider})(url, options);
    } finally {
      await screenshotProvider.close();
    }
  } catch (error) {
    throw asFlagError(error);
  }
  process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
  return 0;
}

async function serve(port: unknown, host: unknown, config: HandlerConfig, redis: string | undefined) {
  const portText = typeof port === 'string' ? port : (process.env.PORT ?? '3000');
  if (!/^\d+$/.test(portText) || Number(portText) > 65_535) throw usageError('`--port` must be a number from 0 to 65535.');
  const endpoint = await startEndpoint({
    port: Number(portText),
    host: typeof host === 'string' ? host : '127.0.0.1',
    ...(redis ? {redis} : {}),
    config: {
      ...config,
      onError: (error) => process.stderr.write(`${JSON.stringify({level: 'error', code: error.code, message: error.message, cause: String(error.cause ?? '')})}\n`),
    },
  }).catch((error: unknown) => {
    // A busy port, a privileged one or a foreign host: named as the flag the user typed.
    throw asFlagError(error);
  });
  process.stderr.write(`linkpeek listening on ${endpoint.url}${redis ? ` (cache on ${redactRedis(redis)})` : ''}\n`);
  return new Promise<number>((resolve) => {
    const stop = (signal: string) => {
      process.stderr.write(`linkpeek: ${signal}, draining connections and closing the browser\n`);
      // A second signal means "now": skip the drain.
      process.once(signal, () => resolve(1));
      endpoint.close().then(
        () => resolve(0),
        () => resolve(1),
      );
    };
    process.once('SIGINT', () => stop('SIGINT'));
    process.once('SIGTERM', () => stop('SIGTERM'));
  });
}

// The flags are the endpoint's query parameters; option errors name them as the user typed them.
function asFlagError(error: unknown): unknown {
  if (!isLinkpeekError(error) || error.code !== 'EINVALOPTION') return error;
  const message = error.message
    .replace(/^Unknown parameter/, 'Unknown flag')
    .replace(/^(Option|Parameter) /, 'Flag ')
    .replace(/`([\w.][\w.-]*)`/g, '`--$1`');
  return new LinkpeekError('EINVALOPTION', message, {cause: error, ...(error.data ? {data: error.data} : {})});
}

/** The Redis URL without its password, for the log. */
function redactRedis(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.href;
  } catch {
    return 'redis';
  }
}

function usageError(message: string): LinkpeekError {
  return new LinkpeekError('EINVALOPTION', `${message} See \`linkpeek --help\`.`);
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    const body = toErrorBody(error);
    process.stderr.write(`${JSON.stringify(body, null, 2)}\n`);
    // A bug: the stack helps a report, but only when asked for, so stderr stays one JSON document.
    if (!isLinkpeekError(error) && process.env.LINKPEEK_DEBUG) process.stderr.write(`${String((error as Error)?.stack ?? error)}\n`);
    process.exit(body.status === 'fail' ? 2 : 1);
  },
);
