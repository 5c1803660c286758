import {readdirSync} from 'node:fs';

/** The fixture pages (tests/fixtures/pages) and the bench corpus (bench/corpus), as directories. */
export const fixtureDirectory = new URL('../fixtures/pages/', import.meta.url);
export const corpusDirectory = new URL('../../bench/corpus/', import.meta.url);

/** The `.html` files of a directory, sorted. */
export const htmlFiles = (directory: URL): string[] => readdirSync(directory).filter((name) => name.endsWith('.html')).sort();
