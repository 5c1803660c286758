import {createHash} from 'node:crypto';
import {mkdir, rename, writeFile} from 'node:fs/promises';
import {join} from 'node:path';
import type {ScreenshotStore} from '../browser/provider.js';

/**
 * Stores each image inline as a `data:` URI (`data:image/png;base64,...`). Needs no service or
 * disk, so it is the default; the URI grows about 4/3 of the image size, so prefer
 * {@link createFileStore} or your own object-store upload for large or many images.
 */
export function createDataUriStore(): ScreenshotStore {
  return {
    async save({bytes, contentType}) {
      return `data:${contentType};base64,${Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64')}`;
    },
  };
}

/** Options of {@link createFileStore}. */
export interface FileStoreOptions {
  /** Directory the images are written to; created if missing. */
  directory: string;
  /**
   * Public URL prefix under which `directory` is served; the file name is appended to it.
   * @example 'https://cdn.example.com/shots/'
   */
  baseUrl: string;
}

// Screenshot types map to file extensions one to one.
const extensionByContentType: Record<string, string> = {'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp', 'application/pdf': 'pdf', 'video/mp4': 'mp4', 'video/webm': 'webm'};

/**
 * Writes each image to `<directory>/<sha256>.<ext>` and returns `baseUrl + name`. The name is the
 * hash of the bytes, so the same image is written once and a URL always denotes the same bytes.
 */
export function createFileStore(options: FileStoreOptions): ScreenshotStore {
  const {directory, baseUrl} = options;
  const prefix = baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`;
  return {
    async save({bytes, type, contentType}) {
      const name = `${createHash('sha256').update(bytes).digest('hex')}.${extensionByContentType[contentType] ?? type}`;
      await mkdir(directory, {recursive: true});
      // Write then rename, so a reader never sees a half-written file under its final name.
      const temporary = join(directory, `.${name}.${process.pid}.${Date.now()}.tmp`);
      await writeFile(temporary, bytes);
      await rename(temporary, join(directory, name));
      return `${prefix}${name}`;
    },
  };
}
