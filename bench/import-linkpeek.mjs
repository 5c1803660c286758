// One fresh process importing the built package (`npx tsup` first): the import cost issue 34 bounds.
await import('../dist/index.js');
