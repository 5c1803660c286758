// The loader half of trace-packages.mjs: appends every resolved URL to the file it was given, and
// refuses the blocked packages as Node refuses a package that is not installed.
import {appendFileSync} from 'node:fs';

let file;
let blocked = [];
export function initialize(data) {
  ({file, blocked} = data);
}
export async function resolve(specifier, context, next) {
  if (blocked.some((name) => specifier === name || specifier.startsWith(`${name}/`))) {
    const error = new Error(`Cannot find package '${specifier}' imported from ${context.parentURL}`);
    error.code = 'ERR_MODULE_NOT_FOUND';
    throw error;
  }
  const result = await next(specifier, context);
  appendFileSync(file, `${result.url}\n`);
  return result;
}
