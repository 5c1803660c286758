// Loaded with `node --import ./tests/helpers/trace-packages.mjs`: prints on stderr, at exit, every
// package the process opened, as `packages: ["got", …]`. Both module systems count: ESM
// resolutions (a resolve hook in the loader thread appends each to a file, synchronously) and
// CommonJS modules (the require cache: what a CommonJS package requires never passes the hook).
// With BLOCK_PACKAGES=a,b, importing those packages fails as a missing package does
// (ERR_MODULE_NOT_FOUND), as if they were not installed.
import {appendFileSync, mkdtempSync, readFileSync, rmSync} from 'node:fs';
import {createRequire, register} from 'node:module';
import {tmpdir} from 'node:os';
import {join} from 'node:path';

const dir = mkdtempSync(join(tmpdir(), 'trace-packages-'));
const file = join(dir, 'urls');
appendFileSync(file, '');
const blocked = (process.env.BLOCK_PACKAGES ?? '').split(',').filter(Boolean);
register('./trace-packages-hook.mjs', import.meta.url, {data: {file, blocked}});

const packageOf = (path) => /[/\\]node_modules[/\\]((?:@[^/\\]+[/\\])?[^/\\]+)[/\\]/.exec(path)?.[1].replace('\\', '/');

process.on('exit', () => {
  const paths = [...readFileSync(file, 'utf8').split('\n'), ...Object.keys(createRequire(import.meta.url).cache)];
  rmSync(dir, {recursive: true, force: true});
  const names = [...new Set(paths.map(packageOf).filter(Boolean))].sort();
  process.stderr.write(`packages: ${JSON.stringify(names)}\n`);
});
