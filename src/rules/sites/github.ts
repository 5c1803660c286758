import {meta, named} from '../rule-kit.js';
import type {SiteRules} from './site.js';
import {hostOf} from './site-index.js';
import {constant, documentTitle, matched, onPath, pathOf, without} from './site-kit.js';

const threadPath = /^\/[\w.-]+\/[\w.-]+\/(?:issues|pull)\/\d+/;
const userPath = /^\/[\w-]+\/?(?:[?#]|$)/;

/**
 * The sentence GitHub adds after a repository's, a gist's or a user's own text (or serves alone when
 * there is none): `Contribute to owner/repo development by creating an account on GitHub.`,
 * `GitHub Gist: instantly share code, notes, and snippets.`, `login has 42 repositories available.
 * Follow their code on GitHub.`
 */
const boilerplate = /(?:^|\s+)(?:Contribute to [\w.-]+\/[\w.-]+ development by creating an account on GitHub\.|GitHub Gist: instantly share code, notes, and snippets\.|[\w-]+ has [\d,]+ repositor(?:y|ies) available\. Follow their code on GitHub\.)$/;

/** A gist's author: the first segment of its path (`gist.github.com/<login>/<id>`). */
const gistOwner = named('url(gist.github.com/<login>/)', (_snapshot, context) =>
  (hostOf(context.url) === 'gist.github.com' ? /^\/([\w-]+)\/\w+/.exec(pathOf(context.url))?.[1] ?? null : null));

/** The first `.author` link of the page: who opened the issue (the comments' authors come after). */
const opener = named('document(.author)', (snapshot) => snapshot.bylines?.filter((entry) => entry.kind === 'author').map((entry) => entry.text) ?? null);

/**
 * GitHub: a repository's og:title is `GitHub - owner/repo: description`, its og:description the
 * description with `Contribute to owner/repo development…` after it; an issue's og:title is
 * `Title · Issue #12 · owner/repo`, a pull request's `Title by login · Pull Request #45 · owner/repo`;
 * a gist's og:title its file name, og:description its description with `GitHub Gist: instantly share
 * code, notes, and snippets.`; a user's `<title>` is `login (Name) · GitHub`. Dates of issues are only
 * in the body (`<relative-time>`, read by the general rules from its `.js-timestamp` link).
 */
export const github: SiteRules = {
  id: 'github',
  hosts: ['github.com'],
  kinds: [
    {kind: 'repo', example: 'https://github.com/example-org/tidewater'},
    {kind: 'issue', example: 'https://github.com/example-org/tidewater/issues/482'},
    {kind: 'pull', example: 'https://github.com/example-org/tidewater/pull/497'},
    {kind: 'gist', example: 'https://gist.github.com/mara-lin/4f1c2a9e0b7d6e5f3a8c'},
    {kind: 'user', example: 'https://github.com/mara-lin'},
  ],
  rules: {
    title: [
      matched(meta('og:title'), /^GitHub - ([\w.-]+\/[\w.-]+)(?:: [\s\S]*)?$/),
      matched(meta('og:title'), /^([\s\S]+?)(?: by [\w-]+)? · (?:Issue|Pull Request) #\d+ · [\w.-]+\/[\w.-]+$/),
      onPath(userPath, without(documentTitle, / · GitHub$/)),
    ],
    description: [without(meta('og:description'), boilerplate)],
    author: [
      matched(meta('og:title'), / by ([\w-]+) · Pull Request #\d+ · /),
      onPath(threadPath, opener),
      // A repository's owner, from og:title: a two-segment path is not always a repository (`/features/copilot`).
      matched(meta('og:title'), /^GitHub - ([\w.-]+)\/[\w.-]+(?::|$)/),
      onPath(userPath, matched(documentTitle, /^[\w-]+ \((.+)\) · GitHub$/)),
      onPath(userPath, meta('profile:username')),
      gistOwner,
    ],
    publisher: [constant('GitHub')],
  },
  refuse: {
    title: (value) => value === 'GitHub' || /^GitHub: Let’s build from here|^GitHub · Build and ship software/.test(value),
    // Its sentence, alone or after a text (the site's rule gives the text without it).
    description: (value) => boilerplate.test(value) || /^GitHub is where (?:people|over \S+ (?:million )?(?:people|developers)) build software/.test(value),
    // GitHub's and Gist's generic share images, served for pages without a card of their own.
    image: (value) => /github(?:assets)?\.com\/(?:assets\/(?:gist-og-image|github-logo|github-mark)|images\/modules\/(?:open_graph|logos_page)\/)/.test(value),
  },
};
