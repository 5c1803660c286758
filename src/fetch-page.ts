// CONTRACT STUB, to be replaced by the fetch stage.
import type {IncomingHttpHeaders} from 'node:http';
import type {Redirect} from './data.js';
import type {Deadline} from './deadline.js';
import type {ResolvedConfig} from './options.js';

/** A fetched, decoded HTML page. */
export interface Page {
  /** The URL asked for. */
  requestedUrl: string;
  /** The final URL after redirects. */
  url: string;
  statusCode: number;
  headers: IncomingHttpHeaders;
  /** Media type without parameters, e.g. `text/html`. */
  contentType: string;
  /** The charset the body was decoded with, e.g. `utf-8`, `shift_jis`. */
  charset: string;
  html: string;
  /** True when the body was cut at `maxBodySize`. */
  truncated: boolean;
  redirects: Redirect[];
}

export interface FetchRequest {
  headers: Record<string, string>;
  deadline: Deadline;
}

export async function fetchPage(url: URL, request: FetchRequest, config: ResolvedConfig): Promise<Page> {
  void url; void request; void config;
  throw new Error('not implemented');
}
