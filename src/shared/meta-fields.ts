// The default fields of `data`, in the order `data` lists them: the one list the page and the file
// paths read (rules/meta.ts turns them on and off with `meta`; files/file-result.ts empties them).
// Imports nothing, as everything in shared/.

/** Every default field of `data`, text fields first, then media fields. */
export const metaFields = ['title', 'description', 'lang', 'author', 'publisher', 'date', 'datePublished', 'dateModified', 'url', 'image', 'logo', 'video', 'audio'] as const;

/** The fields of {@link metaFields} whose value is media (a URL with its description), not text. */
export const mediaFields: ReadonlySet<string> = new Set(['image', 'logo', 'video', 'audio']);
