// Request profiles: what linkpeek sends to some hosts besides its usual request, as data. A profile
// sets the user agent, Accept-Language, cookies or other headers for a list of hosts, and says
// when it is used: on the first request ('first'), or only when the recovery ladder retries after a
// wall ('retry'). docs/walls.md ("Request profiles") lists the defaults with why each exists.

/** When a profile is used. */
export type ProfileUse = 'first' | 'retry';

/** What linkpeek sends to some hosts, and when. */
export interface RequestProfile {
  /** Stable name, used to override or disable the profile from config. */
  id: string;
  /** Lowercase host names without a leading dot; each matches itself and its subdomains. */
  hosts: string[];
  /** Replaces the config's `userAgent` on requests to these hosts (a caller's `user-agent` header still wins). */
  userAgent?: string;
  /** Sent as `Accept-Language` to these hosts. */
  acceptLanguage?: string;
  /** Sent as one `Cookie` header, to these hosts only (never after a redirect to another host). */
  cookies?: Record<string, string>;
  /** More headers for these hosts; the caller's headers win over them. */
  headers?: Record<string, string>;
  /** `'first'`: every request to these hosts. `'retry'`: only when the recovery ladder retries after a wall. */
  use: ProfileUse;
  /** Why the profile exists, for the docs and for whoever reads the config. */
  why: string;
}

/**
 * The profiles linkpeek ships. None sends a user agent that names another company's crawler:
 * doing so is impersonation, an operator's own choice to make in config (see the docs).
 */
export const defaultRequestProfiles: readonly RequestProfile[] = Object.freeze([
  {
    id: 'google-consent',
    hosts: ['youtube.com', 'youtu.be', 'google.com'],
    cookies: {SOCS: 'CAI'},
    use: 'first',
    why:
      'From the EU, YouTube and Google answer a client without cookies with a "Before you continue" consent page ' +
      '(a redirect to consent.youtube.com or consent.google.com). SOCS is the cookie that records the consent choice; ' +
      'with SOCS=CAI they serve the page itself.',
  },
  {
    id: 'previewer-bot',
    hosts: ['x.com', 'twitter.com'],
    userAgent: 'Mozilla/5.0 (compatible; linkpeek-bot/0.1; +https://github.com/linkpeek/linkpeek)',
    use: 'retry',
    why:
      'X answers a browser-like client with a "JavaScript is not available" page and gives its Open Graph tags only to ' +
      'agents that say they are a bot, as Mastodon and Synapse do. The user agent names linkpeek and says "bot": it ' +
      'impersonates no one.',
  },
]) as readonly RequestProfile[];

/** True when `hostname` is one of `hosts` or a subdomain of one (a trailing dot is ignored). */
export function hostMatches(hostname: string, hosts: readonly string[]): boolean {
  const name = (hostname.endsWith('.') ? hostname.slice(0, -1) : hostname).toLowerCase();
  return hosts.some((host) => name === host || name.endsWith(`.${host}`));
}

/**
 * The first profile of `profiles` used as `use` says whose hosts include `url`'s host, or
 * `undefined`. Order decides between profiles that share a host: config entries come first.
 */
export function profileFor(url: URL | string, profiles: readonly RequestProfile[], use: ProfileUse): RequestProfile | undefined {
  const {hostname} = typeof url === 'string' ? new URL(url) : url;
  return profiles.find((profile) => profile.use === use && hostMatches(hostname, profile.hosts));
}

/**
 * The request headers `profile` adds for a request to `hostname`: none when the host is not one
 * of the profile's, else its `user-agent`, `accept-language`, `cookie` (the cookies joined as a
 * browser sends them) and its other headers, all with lowercase names. The caller merges them
 * under its own headers.
 */
export function profileHeaders(profile: RequestProfile | undefined, hostname: string): Record<string, string> {
  if (!profile || !hostMatches(hostname, profile.hosts)) return {};
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(profile.headers ?? {})) headers[name.toLowerCase()] = value;
  if (profile.userAgent !== undefined) headers['user-agent'] = profile.userAgent;
  if (profile.acceptLanguage !== undefined) headers['accept-language'] = profile.acceptLanguage;
  const cookies = Object.entries(profile.cookies ?? {});
  if (cookies.length > 0) headers.cookie = cookies.map(([name, value]) => `${name}=${value}`).join('; ');
  return headers;
}
