// CONTRACT STUB, to be replaced by the rules stage.
import type {Candidates} from './data.js';
import type {Page} from './fetch-page.js';
import type {Snapshot} from './parse-html.js';
export function pickFields(snapshot: Snapshot, page: Pick<Page, 'url' | 'headers'>): Candidates {
  void snapshot; void page;
  throw new Error('not implemented');
}
