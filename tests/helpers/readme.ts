import {existsSync, readFileSync, readdirSync} from 'node:fs';
import {dirname, join, posix, resolve} from 'node:path';
import {fileURLToPath} from 'node:url';
import type ts from 'typescript';
import {builtFresh} from './child.js';

/** The repository root. */
export const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * The package's entry points (package.json `exports`) and the source each is built from (tsup.config.ts):
 * what a snippet or a test imports as `linkpeek` or `linkpeek/<subpath>`.
 */
export const packageEntries = {
  linkpeek: 'src/index.ts',
  'linkpeek/stages': 'src/stages/index.ts',
  'linkpeek/endpoint': 'src/endpoint/index.ts',
  'linkpeek/fastify': 'src/endpoint/fastify-plugin.ts',
  'linkpeek/batch': 'src/batch/index.ts',
  'linkpeek/card': 'src/card/index.ts',
} as const;

/** README.md as text. */
export function readReadme(): string {
  return readFileSync(join(root, 'README.md'), 'utf8');
}

/** A markdown file of the repository by its root-relative path (`README.md`, `docs/ping.md`), as text. */
export function readDoc(path: string): string {
  return readFileSync(join(root, path), 'utf8');
}

/** The root-relative paths of the files in docs/ that end in `.md`, sorted. */
export function docPaths(): string[] {
  return readdirSync(join(root, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => `docs/${name}`);
}

/** The user documentation: README.md, then every docs/*.md, each with its root-relative path. */
export function readDocs(): {path: string; text: string}[] {
  return ['README.md', ...docPaths()].map((path) => ({path, text: readDoc(path)}));
}

/** One heading and the markdown under it, up to the next heading of the same or a higher level. */
export interface Section {
  level: number;
  title: string;
  /** 1-based line of the heading. */
  line: number;
  body: string;
}

/** Every heading of the document (fenced code is skipped), each with the text it owns. */
export function sections(markdown: string): Section[] {
  const lines = markdown.split('\n');
  const headings: {level: number; title: string; index: number}[] = [];
  let fenced = false;
  lines.forEach((text, index) => {
    if (text.startsWith('```')) fenced = !fenced;
    const match = fenced ? null : /^(#{1,6}) (.+)$/.exec(text);
    if (match?.[1] && match[2]) headings.push({level: match[1].length, title: match[2].trim(), index});
  });
  return headings.map((heading, i) => {
    const next = headings.slice(i + 1).find((other) => other.level <= heading.level);
    const body = lines.slice(heading.index + 1, next ? next.index : lines.length).join('\n');
    return {level: heading.level, title: heading.title, line: heading.index + 1, body};
  });
}

/**
 * The one section titled `title` (exact match; `'## Errors'` also matches the level) under `parent`
 * (default: anywhere). Throws if not exactly one.
 */
export function section(markdown: string, title: string, parent?: Section): Section {
  const all = sections(parent ? parent.body : markdown);
  const level = /^(#+) /.exec(title)?.[1]?.length;
  const name = title.replace(/^#+ /, '');
  const found = all.filter((candidate) => candidate.title === name && (level === undefined || candidate.level === level));
  if (found.length !== 1 || !found[0]) {
    throw new Error(`README: expected one heading "${title}"${parent ? ` under "${parent.title}"` : ''}, found ${found.length}`);
  }
  return found[0];
}

/** A markdown table: header cells and rows of cells, pipes inside backticks (`a \| b`) kept. */
export interface Table {
  header: string[];
  rows: string[][];
}

/** Every pipe table in `markdown`, in order. */
export function tables(markdown: string): Table[] {
  const found: Table[] = [];
  let current: string[][] | null = null;
  for (const text of markdown.split('\n')) {
    if (!text.startsWith('|')) {
      current = null;
      continue;
    }
    const cells = splitRow(text);
    if (current === null) {
      current = [cells];
      found.push({header: cells, rows: []});
    } else if (cells.every((cell) => /^:?-+:?$/.test(cell))) {
      continue;
    } else {
      found.at(-1)?.rows.push(cells);
    }
  }
  return found;
}

function splitRow(text: string): string[] {
  const cells: string[] = [];
  let cell = '';
  for (let i = 1; i < text.length; i++) {
    const char = text[i];
    if (char === '\\' && text[i + 1] === '|') {
      cell += '|';
      i++;
    } else if (char === '|') {
      cells.push(cell.trim());
      cell = '';
    } else {
      cell += char;
    }
  }
  return cells;
}

/** The table whose header starts with `first` (e.g. `Code`), exactly one in `markdown`. */
export function tableStartingWith(markdown: string, first: string): Table {
  const found = tables(markdown).filter((table) => table.header[0] === first);
  if (found.length !== 1 || !found[0]) throw new Error(`README: expected one table starting with "${first}", found ${found.length}`);
  return found[0];
}

/** The contents of every `backtick` span in `text`, outside fenced code blocks. */
export function codeSpans(text: string): string[] {
  const prose = text.replace(/^```[^\n]*\n[\s\S]*?^```$/gm, '');
  return [...prose.matchAll(/`([^`\n]+)`/g)].map((match) => match[1] ?? '');
}

/** A cell that is a single code span, e.g. `` `ping` `` → `ping`; anything else → undefined. */
export function soleCode(cell: string): string | undefined {
  return /^`([^`]+)`$/.exec(cell)?.[1];
}

/** A fenced code block: its info string (language), 1-based first line of code, and the code. */
export interface CodeBlock {
  lang: string;
  line: number;
  code: string;
  /** The text between the previous block (or the start) and this one, e.g. for `<!-- ... -->` markers. */
  before: string;
}

/** Every fenced code block of the document. */
export function codeBlocks(markdown: string): CodeBlock[] {
  const blocks: CodeBlock[] = [];
  const lines = markdown.split('\n');
  let open: {lang: string; start: number; before: string} | null = null;
  let lastEnd = 0;
  lines.forEach((text, index) => {
    if (!text.startsWith('```')) return;
    if (open === null) {
      open = {lang: text.slice(3).trim(), start: index + 1, before: lines.slice(lastEnd, index).join('\n')};
    } else {
      blocks.push({lang: open.lang, line: open.start + 1, code: lines.slice(open.start, index).join('\n'), before: open.before});
      open = null;
      lastEnd = index + 1;
    }
  });
  return blocks;
}

/** A type error in a code block, placed at its line in the markdown file it came from. */
export interface SnippetDiagnostic {
  /** The markdown file of the snippet (as given), `README.md` when none was given. */
  file: string;
  readmeLine: number;
  message: string;
}

/** The value names an entry's source exports (`export {a, b} from`, `export function`, `export const`). */
export function entryValues(entry: keyof typeof packageEntries): string[] {
  const text = readFileSync(join(root, packageEntries[entry]), 'utf8');
  const listed = [...text.matchAll(/^export \{([^}]*)\} from/gm)].flatMap((match) => (match[1] ?? '').split(',').map((name) => name.trim()));
  const declared = [...text.matchAll(/^export (?:async )?(?:function|const|class) (\w+)/gm)].map((match) => match[1] ?? '');
  return [...listed, ...declared].filter((name) => name !== '' && !name.startsWith('type ')).sort();
}

/** The declarations tsup builds for an entry (package.json `exports`: `types`), from the repository root. */
export function declarationsOf(entry: keyof typeof packageEntries): string {
  return `dist/${entry === 'linkpeek' ? 'index' : entry.slice('linkpeek/'.length)}.d.ts`;
}

/**
 * Type-checks TypeScript snippets in-process against the package's types: `linkpeek` and its
 * subpaths resolve through `paths` to the declarations tsup built in dist/ (what a user's compiler
 * reads) when they were built from the sources as they are, as `npm test` leaves them, else to the
 * sources ({@link packageEntries}), with the project's own strict compiler options. The built
 * declarations are the same types at a third of the cost: the compiler reads 280 files instead of
 * the 1,180 the sources reach. Each snippet is a module of its own (virtual file under
 * tests/.tmp-readme/, never written), so names do not leak between snippets and top-level `await` works.
 */
export async function typeCheckSnippets(
  snippets: {file?: string; line: number; prelude: string; code: string; epilogue?: string}[],
  /** Extra ambient declarations (`declare module '...'`) for packages a snippet names but the project does not install. */
  shims = '',
): Promise<SnippetDiagnostic[]> {
  // Loaded here, not at the top: the other suites that read docs through this module would each
  // compile the 9 MB compiler into their own module registry for nothing (0.8 s of CPU a suite).
  const {default: ts} = await import('typescript');
  const built = builtFresh(Object.keys(packageEntries).map((entry) => declarationsOf(entry as keyof typeof packageEntries)));
  const configFile = ts.readConfigFile(join(root, 'tsconfig.json'), (path) => ts.sys.readFile(path));
  const parsed = ts.parseJsonConfigFileContent(configFile.config, ts.sys, root);
  const options: ts.CompilerOptions = {
    ...parsed.options,
    noEmit: true,
    // The package's entry points (package.json exports), as tsup builds them.
    paths: Object.fromEntries(Object.entries(packageEntries).map(([name, source]) => [name, [join(root, built ? declarationsOf(name as keyof typeof packageEntries) : source)]])),
  };
  const virtualDir = join(root, 'tests/.tmp-readme');
  const files = new Map<string, {file: string; line: number; preludeLines: number; text: string}>();
  snippets.forEach((snippet, i) => {
    const prelude = snippet.prelude ? `${snippet.prelude}\n` : '';
    // `export {}` makes a snippet without imports a module too.
    const text = `${prelude}${snippet.code}\n${snippet.epilogue ?? ''}\nexport {};\n`;
    files.set(join(virtualDir, `snippet-${i + 1}.ts`), {
      file: snippet.file ?? 'README.md',
      line: snippet.line,
      preludeLines: prelude.split('\n').length - 1,
      text,
    });
  });
  const shimPath = join(virtualDir, 'shims.d.ts');
  const host = ts.createCompilerHost(options);
  const {getSourceFile, fileExists, readFile} = host;
  host.fileExists = (path) => files.has(path) || fileExists.call(host, path);
  host.readFile = (path) => files.get(path)?.text ?? readFile.call(host, path);
  host.getSourceFile = (path, languageVersion, ...rest) => {
    const file = files.get(path);
    if (file) return ts.createSourceFile(path, file.text, languageVersion, true);
    return getSourceFile.call(host, path, languageVersion, ...rest);
  };
  if (shims) files.set(shimPath, {file: 'shims.d.ts', line: 0, preludeLines: 0, text: shims});
  const program = ts.createProgram([...files.keys()], options, host);
  const diagnostics: SnippetDiagnostic[] = [];
  for (const [path, file] of files) {
    const sourceFile = program.getSourceFile(path);
    if (!sourceFile) throw new Error(`snippet ${path} was not loaded`);
    for (const diagnostic of [...program.getSyntacticDiagnostics(sourceFile), ...program.getSemanticDiagnostics(sourceFile)]) {
      const offset = diagnostic.start === undefined ? 0 : sourceFile.getLineAndCharacterOfPosition(diagnostic.start).line;
      diagnostics.push({
        file: file.file,
        readmeLine: path === shimPath ? 0 : file.line + Math.max(0, offset - file.preludeLines),
        message: ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'),
      });
    }
  }
  return diagnostics;
}

/** A relative link of a markdown file: its target path (may be empty for `#anchor`), anchor and line. */
export interface MarkdownLink {
  target: string;
  anchor: string | undefined;
  line: number;
}

/** Every `[text](target)` link outside fenced code whose target is not a URL with a scheme. */
export function relativeLinks(markdown: string): MarkdownLink[] {
  const links: MarkdownLink[] = [];
  let fenced = false;
  markdown.split('\n').forEach((text, index) => {
    if (text.startsWith('```')) fenced = !fenced;
    if (fenced) return;
    for (const match of text.matchAll(/\]\(([^)\s]+)\)/g)) {
      const href = match[1] ?? '';
      if (/^[a-z][a-z0-9+.-]*:/i.test(href)) continue;
      const hash = href.indexOf('#');
      links.push({
        target: hash < 0 ? href : href.slice(0, hash),
        anchor: hash < 0 ? undefined : href.slice(hash + 1),
        line: index + 1,
      });
    }
  });
  return links;
}

/** The anchors GitHub gives the headings of `markdown`: lowercased, punctuation dropped, spaces to `-`, repeats numbered. */
export function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const {title} of sections(markdown)) {
    const text = title.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1');
    const slug = text
      .toLowerCase()
      .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
      .replaceAll(' ', '-');
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

/**
 * What is wrong with each relative link of the markdown file at root-relative `path`: a target that
 * does not exist, or an anchor that no heading of the target markdown file gives. Empty when all hold.
 */
export function brokenLinks(path: string): string[] {
  const broken: string[] = [];
  for (const link of relativeLinks(readDoc(path))) {
    const target = link.target === '' ? path : posix.normalize(posix.join(posix.dirname(path), decodeURI(link.target)));
    const where = `${path}:${link.line}: ${link.target}${link.anchor === undefined ? '' : `#${link.anchor}`}`;
    if (target.startsWith('..') || !existsSync(join(root, target))) {
      broken.push(`${where} (no such file)`);
      continue;
    }
    if (link.anchor !== undefined && target.endsWith('.md') && !headingAnchors(readDoc(target)).has(link.anchor)) {
      broken.push(`${where} (no such heading)`);
    }
  }
  return broken;
}
