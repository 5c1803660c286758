// robots.txt for batch runs (`robots: true`): read once per origin through the same SSRF-safe
// transport as the extraction (address policy on every hop, redirects re-checked), parsed by
// robots-parser, kept in memory and, with Redis, shared by every worker for a while. A URL it
// disallows becomes an EROBOTS line and is never fetched. What each answer means follows RFC 9309.
import type {Redis} from 'ioredis';
import robotsParserModule from 'robots-parser';
import {createDeadline} from '../deadline.js';
import {isLinkpeekError, LinkpeekError, stripCredentials} from '../errors.js';
import {requestSafely} from '../fetch/http-client.js';
import {normalizeFetchConfig, type FetchConfig, type RequestGate} from '../fetch/options.js';
import {readBody} from '../fetch/read-body.js';
import {normalizeAddressConfig, type AddressConfigInput} from '../url/options.js';
import {milliseconds} from '../option-checks.js';

/** Options of {@link robotsCheck}: those the extraction uses, so robots.txt is asked as the page is. */
export interface RobotsOptions extends AddressConfigInput {
  /** The user agent the extraction sends; its robots token is read from it ({@link robotsAgent}). @default linkpeek's */
  userAgent?: string;
  /** Time limit of one robots.txt request. @default 10000 */
  timeout?: number;
  /** How long a robots.txt read (or its 4xx) is kept. @default 3600000 (1 h) */
  ttlMs?: number;
  /** How long an unreadable robots.txt (5xx, 429, unreachable) counts as "disallow all" before it is asked again. @default 60000 */
  errorTtlMs?: number;
  /** Where reads are shared between processes ({@link redisRobotsStore}); without it, this process only. */
  store?: RobotsStore;
}

/** A shared cache of robots.txt reads, by origin. */
export interface RobotsStore {
  get(origin: string): Promise<string | undefined>;
  set(origin: string, value: string, ttlMs: number): Promise<void>;
  /**
   * Claims the read of `origin` for `ttlMs`: true for the one process that should fetch it, false
   * while another does (it then waits for that read in the store). Without it, every process reads.
   */
  claim?(origin: string, ttlMs: number): Promise<boolean>;
}

/** Checks URLs against their origin's robots.txt. */
export interface RobotsCheck {
  /**
   * Resolves when robots.txt allows `url`; throws LinkpeekError EROBOTS when it does not. A read it
   * has to make waits for its turn at `gate` (a host gate's `request`), as the page's requests do.
   */
  check(url: string, signal?: AbortSignal, gate?: RequestGate): Promise<void>;
  /** robots.txt requests made so far (each origin once while its read is kept). */
  readonly fetched: number;
}

// robots-parser is CommonJS with `export default` in its types: Node hands the function itself as
// the default import, a bundler may hand the module object.
type Parse = typeof robotsParserModule.default;
const robotsParser: Parse = ((robotsParserModule as unknown as {default?: Parse}).default ?? robotsParserModule) as Parse;

/** What one origin's robots.txt said, as cached. */
type RobotsRead = {kind: 'rules'; text: string} | {kind: 'allow'} | {kind: 'deny'; reason: string};

/** The most of a robots.txt read: RFC 9309 asks for at least 500 KiB. */
export const maxRobotsBytes = 500 * 1024;

/**
 * The product token robots.txt groups are matched against: the bot's name inside a browser-style
 * agent (`Mozilla/5.0 (compatible; linkpeek/0.1; +https://…)` → `linkpeek`), else the agent's first
 * product (`mybot/2.0` → `mybot`).
 */
export function robotsAgent(userAgent: string): string {
  const compatible = /\(compatible;\s*([A-Za-z0-9_-]+)/i.exec(userAgent);
  if (compatible?.[1]) return compatible[1];
  return /^[A-Za-z0-9_-]+/.exec(userAgent.trim())?.[0] ?? '*';
}

/** A {@link RobotsStore} in Redis (keys `<prefix>:<origin>`, expiring with their TTL). `redis` stays the caller's. */
export function redisRobotsStore(redis: Redis, prefix = 'linkpeek:robots'): RobotsStore {
  return {
    get: async (origin) => (await redis.get(`${prefix}:${origin}`)) ?? undefined,
    set: async (origin, value, ttlMs) => {
      await redis.set(`${prefix}:${origin}`, value, 'PX', Math.max(1, Math.round(ttlMs)));
    },
    claim: async (origin, ttlMs) => (await redis.set(`${prefix}:claim:${origin}`, '1', 'PX', Math.max(1, Math.round(ttlMs)), 'NX')) === 'OK',
  };
}

/** A robots.txt checker: each origin's file read once (in flight shared), then kept for `ttlMs`. */
export function robotsCheck(options: RobotsOptions = {}): RobotsCheck {
  const fetchConfig = {...normalizeAddressConfig(options), ...normalizeFetchConfig({...(options.userAgent === undefined ? {} : {userAgent: options.userAgent})})};
  const agent = robotsAgent(fetchConfig.userAgent);
  const timeout = milliseconds(options.timeout, 'timeout', 10_000);
  const ttlMs = milliseconds(options.ttlMs, 'ttlMs', 3_600_000);
  const errorTtlMs = milliseconds(options.errorTtlMs, 'errorTtlMs', 60_000);
  // Parsed once per origin, in flight shared: a batch of one site's URLs reads its robots.txt once.
  type Kept = {until: number; rules: Promise<{robots?: ReturnType<Parse>} | {deny: string}>};
  const kept = new Map<string, Kept>();
  const toRules = (origin: string, read: RobotsRead) =>
    read.kind === 'deny' ? {deny: read.reason} : read.kind === 'allow' ? {} : {robots: robotsParser(`${origin}/robots.txt`, read.text)};
  let fetched = 0;

  // One config per gate (the transport keeps its connections per config object).
  const gatedConfigs = new WeakMap<RequestGate, FetchConfig>();
  const configFor = (gate: RequestGate | undefined): FetchConfig =>
    gate ? (gatedConfigs.get(gate) ?? gatedConfigs.set(gate, {...fetchConfig, requestGate: gate}).get(gate)!) : fetchConfig;

  const fetchRead = async (origin: string, signal: AbortSignal | undefined, gate: RequestGate | undefined): Promise<{read: RobotsRead; ttl: number} | null> => {
    const deadline = createDeadline(timeout, signal);
    fetched++;
    try {
      const response = await requestSafely(new URL('/robots.txt', origin), {method: 'GET', headers: {accept: 'text/plain,*/*;q=0.1'}, deadline}, configFor(gate));
      const status = response.statusCode;
      if (status >= 200 && status < 300) {
        const {bytes} = await readBody(response.body, maxRobotsBytes);
        return {read: {kind: 'rules', text: bytes.toString('utf8')}, ttl: ttlMs};
      }
      response.body.destroy();
      // RFC 9309 2.3.1.3: a 4xx means there are no rules. A 429 is a server asking for less: unreachable.
      if (status >= 400 && status < 500 && status !== 429) return {read: {kind: 'allow'}, ttl: ttlMs};
      return {read: {kind: 'deny', reason: `robots.txt answered HTTP ${status}`}, ttl: errorTtlMs};
    } catch (error) {
      if (signal?.aborted) throw signal.reason;
      // A robots.txt the address policy refuses says nothing; the extraction refuses the page itself.
      if (isLinkpeekError(error) && (error.code === 'EFORBIDDENURL' || error.code === 'EINVALURL')) return null;
      // RFC 9309 2.3.1.4: unreachable means complete disallow.
      const code = isLinkpeekError(error) ? error.code : 'EFETCH';
      return {read: {kind: 'deny', reason: `robots.txt could not be read (${code})`}, ttl: errorTtlMs};
    } finally {
      deadline.dispose();
    }
  };

  const stored = async (origin: string): Promise<RobotsRead | undefined> => {
    const cached = await options.store?.get(origin).catch(() => undefined);
    if (cached === undefined) return undefined;
    try {
      return JSON.parse(cached) as RobotsRead;
    } catch {
      return undefined; // Not one of ours: read again.
    }
  };

  const readOf = async (origin: string, signal: AbortSignal | undefined, gate: RequestGate | undefined): Promise<RobotsRead> => {
    const cached = await stored(origin);
    if (cached) return cached;
    // Another worker is reading it: wait for its read (at most one request's time), then read ourselves.
    const claimed = await (options.store?.claim?.(origin, timeout) ?? Promise.resolve(true)).catch(() => true);
    if (!claimed) {
      const until = Date.now() + timeout;
      while (Date.now() < until) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        if (signal?.aborted) throw signal.reason;
        const theirs = await stored(origin);
        if (theirs) return theirs;
      }
    }
    // A refused robots.txt (the extraction refuses the page itself) is kept like an error: briefly.
    const got = (await fetchRead(origin, signal, gate)) ?? {read: {kind: 'allow'} as const, ttl: errorTtlMs};
    await options.store?.set(origin, JSON.stringify(got.read), got.ttl).catch(() => {});
    return got.read;
  };

  return {
    get fetched() {
      return fetched;
    },
    async check(url, signal, gate) {
      let parsed: URL;
      try {
        parsed = new URL(stripCredentials(url));
      } catch {
        return; // Not a URL: the extraction says so (EINVALURL).
      }
      if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return;
      const origin = parsed.origin;
      let entry = kept.get(origin);
      if (!entry || entry.until <= Date.now()) {
        const fresh: Kept = {until: Date.now() + ttlMs, rules: readOf(origin, signal, gate).then((read) => toRules(origin, read))};
        kept.set(origin, fresh);
        // A failed read (aborted) is not kept; an error read is kept only for errorTtlMs.
        fresh.rules.then(
          (rules) => {
            if ('deny' in rules) fresh.until = Date.now() + errorTtlMs;
          },
          () => {
            if (kept.get(origin) === fresh) kept.delete(origin);
          },
        );
        entry = fresh;
      }
      const rules = await entry.rules;
      if ('deny' in rules) {
        throw new LinkpeekError('EROBOTS', `Not fetched: ${rules.deny}, and RFC 9309 asks to assume everything is disallowed then.`, {url: parsed});
      }
      if (rules.robots?.isAllowed(parsed.href, agent) === false) {
        throw new LinkpeekError('EROBOTS', `Not fetched: the robots.txt of \`${parsed.host}\` disallows \`${parsed.pathname}\` for \`${agent}\`.`, {url: parsed});
      }
    },
  };
}
