/**
 * What marks a client-rendered shell, shared by the static check (render/looks-client-rendered.ts:
 * should this page be rendered?) and the live one (content-probe.ts: has the rendered page written
 * what the rules read yet?), so that both stages agree on what a filled page is.
 */

/** Ids that frameworks mount their app into: React (create-react-app, Vite), Next.js, Nuxt, Gatsby, Vue, Svelte, Ember, Angular. */
export const mountIds: readonly string[] = ['root', 'app', '__next', '__nuxt', '___gatsby', 'svelte', 'ember-app', 'main-app', 'react-root', 'vue-app'];

/** Elements that are a mount point by their tag (Angular's default root component). */
export const mountTags: readonly string[] = ['app-root'];

/** An attribute that marks a mount point whatever its id (Angular stamps its root with its version). */
export const mountAttribute = 'ng-version';

/** Below this many characters of visible body text, a page with scripts reads as an empty shell. */
export const shellTextLength = 200;

/** A CSS selector matching every mount point of {@link mountIds}, {@link mountTags} and {@link mountAttribute}. */
export function mountSelector(): string {
  return [...mountIds.map((id) => `[id="${id}"]`), ...mountTags, `[${mountAttribute}]`].join(',');
}
