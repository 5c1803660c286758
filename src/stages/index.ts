// `linkpeek/stages`: the pipeline's stages one by one, and the few helpers they are made of, for
// code that runs a stage alone (parse your own HTML, fetch a file) or wraps one in
// `createExtractor({stages})`. `defaultStages` (in `linkpeek`) holds the same functions by stage name.
// A folder of its own so that it may import every stage while no stage imports it.

// Options and time, as the stages take them
export {normalizeConfig, normalizeOptions} from '../options.js';
export {createDeadline} from '../deadline.js';
export type {Deadline} from '../deadline.js';

// Addresses and the one guarded transport
export {reservedRanges, embeddingPrefixes} from '../url/address.js';
export type {ReservedRange, EmbeddingPrefix} from '../url/address.js';
export {resolveAllowedAddresses, createGuardedLookup} from '../url/address-guard.js';
export {requestSafely} from '../fetch/http-client.js';
export type {SafeRequest, SafeResponse} from '../fetch/http-client.js';

// Fetch, decode, parse, pick, resolve
export {fetchPage, fetchTarget} from '../fetch/fetch-page.js';
export type {FetchRequest} from '../fetch/fetch-page.js';
export type {FileResponse} from '../fetch/file-response.js';
export {decodeBody} from '../fetch/decode-body.js';
export type {DecodedBody} from '../fetch/decode-body.js';
export {profileFor, profileHeaders} from '../fetch/request-profiles.js';
export type {ProxyUse, ResolvedProxy} from '../fetch/proxy.js';
export type {OEmbedData, Page, WindowReader} from '../shared/page.js';
export {parseHtml, parseHtmlChunks} from '../parse/parse-html.js';
export type {Snapshot} from '../parse/parse-html.js';
export {pickFields} from '../rules/rules.js';
export {resolveUrls, documentBase} from '../rules/resolve-urls.js';
export {applyDataRules} from '../rules/apply-data-rules.js';
export type {DataMediaRef} from '../rules/apply-data-rules.js';
export type {ResolvedDataRules} from '../rules/data-rules.js';

// Files: a fetched file's preview
export {fileCard} from '../files/file-card.js';
export type {FileCard, FileCardOptions} from '../files/file-card.js';
export type {PageImage, PageImageOptions} from '../files/draw-pdf-page.js';

// Ping, screenshot, render
export {pingUrls} from '../ping/ping.js';
export type {PingRequest} from '../ping/ping.js';
export {takeScreenshot} from '../screenshot/take-screenshot.js';
export type {ScreenshotRequest} from '../screenshot/take-screenshot.js';
export {takePdf} from '../screenshot/take-pdf.js';
export type {PdfRequest} from '../screenshot/take-pdf.js';
export {renderPage} from '../render/render-page.js';
export type {RenderPageRequest, RenderedPage} from '../render/render-page.js';
export {looksClientRendered} from '../render/looks-client-rendered.js';
export type {ShellSignals} from '../render/looks-client-rendered.js';

// oEmbed, walls
export {fetchIframe} from '../oembed/fetch-iframe.js';
export type {IframeRequest, IframeResult} from '../oembed/fetch-iframe.js';
export {fetchSiteOEmbed} from '../oembed/site-oembed.js';
export type {SiteOEmbedAnswer, SiteOEmbedRequest} from '../oembed/site-oembed.js';
export {detectWall} from '../walls/detect-wall.js';
export type {WallInput} from '../walls/detect-wall.js';
