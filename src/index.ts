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
export {fetchPage} from './fetch-page.js';
export type {Page, FetchRequest} from './fetch-page.js';
export {parseHtml} from './parse-html.js';
export type {Snapshot} from './parse-html.js';
export {pickFields} from './rules.js';
export {resolveUrls, documentBase} from './resolve-urls.js';
export {pingUrls} from './ping.js';
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
} from './screenshot-provider.js';
export {createDeadline} from './deadline.js';
export type {Deadline} from './deadline.js';

// HTTP endpoint
export {createHandler, handleQuery} from './handler.js';
export type {HandlerConfig, QueryRequest, QueryResponse} from './handler.js';
export {parseQuery, embedPaths} from './parse-query.js';
export type {ParsedQuery} from './parse-query.js';
export {createMemoryCache, cacheKey} from './result-cache.js';
export type {CacheStore, CacheEntry, MemoryCacheOptions} from './result-cache.js';
