import ts from 'typescript';

/**
 * Runs a TypeScript snippet of the docs as it is written (imports included), so that a test can
 * check what it builds, not only that it type-checks (tests/readme.test.ts does that). The snippet is
 * transpiled to CommonJS and run as the body of an async function (top-level `await` works);
 * `modules` stands for what it imports (`{linkpeek: {createExtractor}}`: a snippet importing anything
 * else fails). Returns the top-level constants named in `names`.
 */
export async function runSnippet(code: string, modules: Record<string, Record<string, unknown>>, names: readonly string[]): Promise<Record<string, unknown>> {
  const js = ts.transpileModule(code, {compilerOptions: {module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022}}).outputText;
  const AsyncFunction = Object.getPrototypeOf(async () => {}).constructor as new (...args: string[]) => (...values: unknown[]) => Promise<unknown>;
  const run = new AsyncFunction('require', 'exports', `${js}\nreturn {${names.join(', ')}};`);
  const load = (name: string) => {
    const found = modules[name];
    if (!found) throw new Error(`the snippet imports \`${name}\`, which the test does not provide`);
    return found;
  };
  return (await run(load, {})) as Record<string, unknown>;
}
