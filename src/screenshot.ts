// CONTRACT STUB, to be replaced by the screenshot stage.
import type {Screenshot} from './data.js';
import type {Deadline} from './deadline.js';
import type {ResolvedConfig} from './options.js';
import type {ResolvedScreenshotOptions} from './screenshot-provider.js';
export interface ScreenshotRequest {
  screenshot: ResolvedScreenshotOptions;
  headers: Record<string, string>;
  deadline: Deadline;
}
export async function takeScreenshot(pageUrl: string, request: ScreenshotRequest, config: ResolvedConfig): Promise<Screenshot> {
  void pageUrl; void request; void config;
  throw new Error('not implemented');
}
