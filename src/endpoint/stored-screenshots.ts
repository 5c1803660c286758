import {readFile} from 'node:fs/promises';
import {join} from 'node:path';
import type {QueryResponse} from './embed.js';
import {contentTypeByImageType} from '../ping/image-info.js';
import {plainFail} from './json-responses.js';
import type {ImageType} from '../browser/provider.js';

// Names `createFileStore` writes: `<sha256>.<png|jpg|webp|pdf|mp4|webm>`, never a path.
const storedName = /^[A-Za-z0-9_-][A-Za-z0-9._-]*\.(png|jpe?g|webp|pdf|mp4|webm)$/;
// Documents and `screenshot.animated` videos kept next to the images.
const otherTypes: Record<string, string> = {pdf: 'application/pdf', mp4: 'video/mp4', webm: 'video/webm'};

/** Reads a screenshot of a `createFileStore` directory back from its URL, or `undefined` when the URL names none. */
export function readStoredScreenshot(directory: string) {
  return async (url: string) => {
    let name: string;
    try {
      name = decodeURIComponent(new URL(url).pathname.split('/').pop() ?? '');
    } catch {
      // A malformed escape (`%E0%A4%A`) cannot name one of our files.
      return undefined;
    }
    if (!storedName.test(name)) return undefined;
    try {
      const bytes = await readFile(join(directory, name));
      const extension = name.slice(name.lastIndexOf('.') + 1);
      const other = otherTypes[extension];
      if (other) return {bytes, contentType: other};
      return {bytes, contentType: contentTypeByImageType[extension === 'jpg' ? 'jpeg' : (extension as ImageType)]};
    } catch {
      return undefined;
    }
  };
}

/** Serves one stored screenshot under the handler's `screenshotPath`. */
export async function serveStoredScreenshot(directory: string, name: string, method = 'GET'): Promise<QueryResponse> {
  if (method !== 'GET' && method !== 'HEAD') {
    const answer = plainFail(405, `Method ${method} is not allowed: use GET or HEAD.`);
    answer.headers.allow = 'GET, HEAD';
    return answer;
  }
  const stored = storedName.test(name) ? await readStoredScreenshot(directory)(`http://localhost/${name}`) : undefined;
  if (!stored) return plainFail(404, 'No such screenshot.');
  // Stored names are content hashes: the bytes behind a name never change.
  return {
    status: 200,
    headers: {
      'content-type': stored.contentType,
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
    },
    body: stored.bytes,
  };
}
