import type {ExtractResult, LinkData, Recovery} from '../data.js';
import {responseHeaders} from '../fetch/response-headers.js';
import type {DataValues} from '../rules/apply-data-rules.js';
import {nullSkippedFields} from '../rules/meta.js';
import type {FileInfo} from '../shared/file-info.js';
import type {Page} from '../shared/page.js';
import type {Call} from './call.js';

/** What a path adds to the default fields, each set when it is not `undefined`. */
export interface Additions {
  /** The custom `data` rules' values: one named like a default field replaces it (documented). */
  custom?: DataValues | undefined;
  iframe?: LinkData['iframe'];
  screenshot?: LinkData['screenshot'];
  pdf?: LinkData['pdf'];
  insights?: LinkData['insights'];
}

/** How the target was read, for the result's envelope. */
export interface Reading {
  prerendered: boolean;
  truncated?: ExtractResult['truncated'];
  recovery?: Recovery | undefined;
  file?: FileInfo;
}

/**
 * The finish step's ending, one for pages and files: the fields `meta` turns off are `null` (ping
 * falls back to the page URL for `url`), then what the path added, in the envelope of the final
 * response.
 */
export function endResult(call: Call, response: Pick<Page, 'statusCode' | 'redirects' | 'headers'>, linkData: LinkData, added: Additions, reading: Reading): ExtractResult {
  const data: ExtractResult['data'] = {...nullSkippedFields(linkData, call.request.meta), ...added.custom};
  if (added.iframe !== undefined) data.iframe = added.iframe;
  if (added.screenshot !== undefined) data.screenshot = added.screenshot;
  if (added.pdf !== undefined) data.pdf = added.pdf;
  if (added.insights !== undefined) data.insights = added.insights;
  return {
    status: 'success',
    data,
    statusCode: response.statusCode,
    redirects: response.redirects,
    headers: responseHeaders(response.headers),
    prerendered: reading.prerendered,
    ...(reading.truncated ? {truncated: reading.truncated} : {}),
    ...(reading.recovery ? {recovery: reading.recovery} : {}),
    ...(reading.file ? {file: reading.file} : {}),
  };
}
