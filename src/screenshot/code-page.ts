import {createRequire} from 'node:module';
import {readFileSync} from 'node:fs';
import {dirname, join} from 'node:path';
import {LinkpeekError, missingDependency} from '../errors.js';
import {invalidOption} from '../option-checks.js';
import {loadOptional} from '../shared/load-optional.js';

/** The text to show, and how to highlight it (the files stage's `CodeText`). */
export interface CodeSource {
  text: string;
  language: 'json' | 'markup' | 'text';
  truncated: boolean;
}

interface Prism {
  highlight(text: string, grammar: unknown, language: string): string;
  languages: Record<string, unknown>;
  util: {encode(text: string): string};
}

let prism: Promise<Prism> | undefined;

function loadPrism(): Promise<Prism> {
  prism ??= loadOptional(
    'prismjs',
    async () => {
      const require = createRequire(import.meta.url);
      const core = require('prismjs') as Prism;
      // The JSON grammar registers itself on the Prism that prismjs's main module made global.
      require('prismjs/components/prism-json');
      return core;
    },
    (name, cause) => missingDependency(name, '`screenshot.codeScheme`', cause),
  ).catch((error: unknown) => {
    prism = undefined;
    throw error;
  });
  return prism;
}

/**
 * A theme's CSS: `prism-<id>.css` of prismjs's own themes (`okaidia`, `tomorrow`, `twilight`…;
 * `default` is prism.css) or of prism-themes (`atom-dark`, `dracula`, `nord`…).
 * @throws LinkpeekError EINVALOPTION (an unknown theme), EMISSINGDEP (prism-themes)
 */
async function themeCss(theme: string): Promise<string> {
  const require = createRequire(import.meta.url);
  const file = theme === 'default' ? 'prism.css' : `prism-${theme}.css`;
  const own = join(dirname(require.resolve('prismjs/package.json')), 'themes', file);
  try {
    return readFileSync(own, 'utf8');
  } catch {
    // Not one of prismjs's own: prism-themes has the others.
  }
  const themes = await loadOptional(
    'prism-themes',
    async () => dirname(require.resolve('prism-themes/package.json')),
    (name, cause) => missingDependency(name, `\`screenshot.codeScheme\` '${theme}'`, cause),
  );
  try {
    return readFileSync(join(themes, 'themes', file), 'utf8');
  } catch (error) {
    throw new LinkpeekError('EINVALOPTION', `Option \`screenshot.codeScheme\` names no Prism theme: \`${theme}\` (try 'atom-dark', 'dracula', 'okaidia', 'tomorrow' or 'default').`, {
      cause: error,
      data: {'screenshot.codeScheme': 'is not a Prism theme'},
    });
  }
}

/**
 * The page a code screenshot captures: the text highlighted by Prism in Node (no script runs in
 * the page), under the theme's CSS, with a CSP that lets it load nothing at all.
 * @throws LinkpeekError EMISSINGDEP (prismjs, prism-themes), EINVALOPTION (an unknown theme)
 */
export async function codePage(source: CodeSource, theme: string): Promise<string> {
  if (!/^[a-z0-9][a-z0-9.-]*$/.test(theme)) throw invalidOption('screenshot.codeScheme', 'must be a Prism theme id', theme);
  const [core, css] = await Promise.all([loadPrism(), themeCss(theme)]);
  const grammar = source.language === 'text' ? undefined : core.languages[source.language];
  const body = grammar ? core.highlight(source.text, grammar, source.language) : core.util.encode(source.text);
  const more = source.truncated ? '\n…' : '';
  return `<!doctype html><html><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<style>${css.replaceAll('</', '<\\/')}</style>
<style>html,body{margin:0;min-height:100%}pre[class*="language-"]{margin:0;min-height:100vh;box-sizing:border-box;border-radius:0;white-space:pre-wrap;word-break:break-word}</style>
</head><body><pre class="language-${source.language}"><code class="language-${source.language}">${body}${more}</code></pre></body></html>`;
}
