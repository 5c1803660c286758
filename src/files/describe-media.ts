import type {FileResponse} from '../fetch/file-response.js';
import {describeMedia} from '../ping/media.js';
import type {DescribedMedia} from './describe-image.js';
import {readProbe} from './read-probe.js';
import type {FileType} from './sniff-type.js';

/**
 * Describes a video or audio file as `data.video` / `data.audio` from its first bytes, with the
 * duration where ping's media probing reads it there (an MP4 whose `moov` comes first, MP3, WAV,
 * FLAC): no second request. An unknown duration is no failure; a body cut short is described from
 * what came, with `timeout` or `truncated`.
 */
export async function describeMediaFile(file: FileResponse, type: FileType, kind: 'video' | 'audio'): Promise<DescribedMedia> {
  const {bytes, reason} = await readProbe(file);
  const media = describeMedia(kind, file.url, {statusCode: file.statusCode, headers: {...file.headers, 'content-type': type.mimeType}, bytes});
  return {media, reason};
}
