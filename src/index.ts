// The public surface: named exports only, grouped by stage.

// Pipeline
export {extract, createExtractor, defaultStages} from './extract.js';
export type {Extract, CreateExtractorConfig, Stages} from './extract.js';

// Options
export {normalizeConfig, normalizeOptions, defaultConfig, defaultScreenshotOptions, refusedHeaders} from './options.js';
export type {
  ExtractOptions,
  ExtractorConfig,
  ResolvedConfig,
  ResolvedOptions,
  PingOptions,
  PingKind,
  AddressPolicy,
} from './options.js';

// Results
export type {LinkData, Media, Screenshot, Redirect, ExtractResult, Candidates, MediaField, TextField} from './data.js';

// Errors
export {LinkpeekError, isLinkpeekError, toErrorBody, statusByCode, errorCodes} from './errors.js';
export type {ErrorCode, ErrorBody, LinkpeekErrorOptions} from './errors.js';

// Stages
export {validateUrl} from './url.js';
export {isPublicAddress, isLoopbackAddress, reservedRanges, embeddingPrefixes} from './address.js';
export type {ReservedRange, EmbeddingPrefix} from './address.js';
export {requestSafely} from './http-client.js';
export type {SafeRequest, SafeResponse} from './http-client.js';
export {resolveAllowedAddresses, createGuardedLookup} from './address-guard.js';
export {fetchPage} from './fetch-page.js';
export type {Page, FetchRequest} from './fetch-page.js';
export {parseHtml, parseHtmlChunks} from './parse-html.js';
export type {Snapshot} from './parse-html.js';
export {pickFields, rules, meta, microdata, link} from './rules.js';
export type {Rule, RuleTable, RuleContext} from './rules.js';
export {resolveUrls, documentBase} from './resolve-urls.js';
export {pingUrls} from './ping.js';
export {describeMedia} from './media.js';
export type {PingRequest} from './ping.js';
export {takeScreenshot} from './screenshot.js';
export type {ScreenshotRequest} from './screenshot.js';
export type {
  ScreenshotProvider,
  ScreenshotStore,
  ScreenshotOptions,
  ResolvedScreenshotOptions,
  CaptureRequest,
  CaptureResult,
  ImageType,
  WaitUntil,
  ResourceFetcher,
  ResourceRequest,
  ResourceResponse,
} from './screenshot-provider.js';
export {createChromiumProvider, findExecutable} from './chromium-provider.js';
export type {ChromiumProvider, ChromiumProviderOptions} from './chromium-provider.js';
export {createDataUriStore, createFileStore} from './screenshot-store.js';
export type {FileStoreOptions} from './screenshot-store.js';
export {readImageInfo} from './image-info.js';
export type {ImageInfo} from './image-info.js';
export {createDeadline} from './deadline.js';
export type {Deadline} from './deadline.js';

// HTTP endpoint
export {createHandler, handleQuery} from './handler.js';
export type {HandlerConfig, QueryRequest, QueryResponse} from './handler.js';
export {parseQuery, embedPaths} from './parse-query.js';
export type {ParsedQuery} from './parse-query.js';
export {createMemoryCache, cacheKey} from './result-cache.js';
export type {CacheStore, CacheEntry, MemoryCacheOptions} from './result-cache.js';
