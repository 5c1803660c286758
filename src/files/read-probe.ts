import {isLinkpeekError} from '../errors.js';
import type {FileResponse} from '../fetch/file-response.js';
import {probeBytes} from '../ping/ping.js';
import type {FileReason} from '../shared/file-info.js';

/**
 * The first bytes of a media file, as many as ping reads of one (enough for any image header, a
 * front-loaded MP4 `moov`, an MP3 Xing header). A body cut by the deadline or the connection
 * leaves its head, already read, and the reason.
 * @throws what the body throws otherwise (EABORTED)
 */
export async function readProbe(file: FileResponse): Promise<{bytes: Uint8Array; reason: FileReason | null}> {
  try {
    return {bytes: (await file.read(probeBytes)).bytes, reason: null};
  } catch (error) {
    const reason = readFailure(error);
    if (reason === null) throw error;
    return {bytes: file.head, reason};
  }
}

/** The reason a body that failed while being read gives: `timeout` (ETIMEOUT), `truncated` (EFETCH), else `null`. */
export function readFailure(error: unknown): FileReason | null {
  if (isLinkpeekError(error) && error.code === 'ETIMEOUT') return 'timeout';
  if (isLinkpeekError(error) && error.code === 'EFETCH') return 'truncated';
  return null;
}
