// One fresh process importing the design card's core, the yardstick for bench/import-linkpeek.mjs.
await Promise.all(['got', 'htmlparser2', 'tldts', 'ip-regex', 'p-limit'].map((name) => import(name)));
