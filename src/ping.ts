// CONTRACT STUB, to be replaced by the ping stage.
import type {Candidates, LinkData} from './data.js';
import type {Deadline} from './deadline.js';
import type {PingKind, ResolvedConfig} from './options.js';
export interface PingRequest {
  ping: Record<PingKind, boolean>;
  headers: Record<string, string>;
  /** Final page URL: caller headers go only to URLs of this origin. */
  pageUrl: string;
  deadline: Deadline;
}
export async function pingUrls(candidates: Candidates, request: PingRequest, config: ResolvedConfig): Promise<LinkData> {
  void candidates; void request; void config;
  throw new Error('not implemented');
}
