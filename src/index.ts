// The public surface: named exports only, grouped by stage.

// Pipeline
export {extract, createExtractor, defaultStages} from './extract.js';
export type {Extract, CreateExtractorConfig, Stages} from './extract.js';

// Options
export {normalizeConfig, normalizeOptions, defaultConfig, defaultScreenshotOptions, defaultWait, refusedHeaders} from './options.js';
export type {
  ExtractOptions,
  ExtractorConfig,
  ResolvedConfig,
  ResolvedOptions,
  ResolvedWait,
  PingOptions,
  PingKind,
  AddressPolicy,
} from './options.js';

// Results
export type {LinkData, Media, Screenshot, Pdf, ImagePalette, Redirect, ExtractResult, Candidates, MediaField, TextField, Iframe, IframeScript, Recovery, RecoveryRung} from './data.js';

// Errors
export {LinkpeekError, isLinkpeekError, toErrorBody, statusByCode, errorCodes} from './errors.js';
export type {ErrorCode, ErrorBody, LinkpeekErrorOptions} from './errors.js';

// Stages
export {validateUrl} from './url/validate-url.js';
export {isPublicAddress, isLoopbackAddress, reservedRanges, embeddingPrefixes} from './url/address.js';
export type {ReservedRange, EmbeddingPrefix} from './url/address.js';
export {requestSafely} from './fetch/http-client.js';
export type {SafeRequest, SafeResponse} from './fetch/http-client.js';
export {resolveAllowedAddresses, createGuardedLookup} from './url/address-guard.js';
export {fetchPage, fetchTarget} from './fetch/fetch-page.js';
export type {FetchRequest} from './fetch/fetch-page.js';
export type {FileResponse} from './fetch/file-response.js';
export {fileCard} from './files/file-card.js';
export type {FileCard, FileCardOptions} from './files/file-card.js';
export type {PageImage, PageImageOptions} from './files/draw-pdf-page.js';
export type {FileInfo, FileKind, FileReason} from './shared/file-info.js';
export type {OEmbedData, Page, WindowReader} from './shared/page.js';
export {decodeBody} from './fetch/decode-body.js';
export type {DecodedBody} from './fetch/decode-body.js';
export {parseHtml, parseHtmlChunks} from './parse/parse-html.js';
export type {Snapshot} from './parse/parse-html.js';
export {pickFields, rules, meta, microdata, link} from './rules/rules.js';
export {defaultSites, withSites, siteIndex, type SiteIndex, type SiteRules, type PageKind} from './rules/rules.js';
export type {Rule, RuleTable, RuleContext} from './rules/rules.js';
export {oembed, oembedMapped, oembedParagraph} from './rules/sites/oembed-rules.js';
export type {SiteOEmbed} from './rules/sites/site.js';
export {resolveUrls, documentBase} from './rules/resolve-urls.js';
export {pingUrls} from './ping/ping.js';
export {describeMedia} from './ping/media.js';
export type {PingRequest} from './ping/ping.js';
export {takeScreenshot} from './screenshot/take-screenshot.js';
export type {ScreenshotRequest} from './screenshot/take-screenshot.js';
export {takePdf} from './screenshot/take-pdf.js';
export type {PdfRequest} from './screenshot/take-pdf.js';
export type {PdfOptions} from './screenshot/pdf-options.js';
export type {
  ScreenshotProvider,
  ScreenshotStore,
  ScreenshotOptions,
  ResolvedScreenshotOptions,
  CaptureRequest,
  CaptureResult,
  RenderRequest,
  RenderResult,
  PrintRequest,
  PrintResult,
  ResolvedPdfOptions,
  PageSetup,
  Viewport,
  RequestBlocker,
  BlockableRequest,
  PageGuard,
  ColorScheme,
  MediaType,
  DeviceDescriptor,
  Emulation,
  OverlayOptions,
  ImageType,
  WaitUntil,
  ResourceFetcher,
  ResourceRequest,
  ResourceResponse,
} from './browser/provider.js';
export {createChromiumProvider, findExecutable} from './browser/chromium-provider.js';
export type {ChromiumProvider, ChromiumProviderOptions} from './browser/chromium-provider.js';
export {renderPage} from './render/render-page.js';
export type {RenderPageRequest, RenderedPage} from './render/render-page.js';
export {looksClientRendered, readShellSignals} from './render/looks-client-rendered.js';
export type {ShellSignals} from './render/looks-client-rendered.js';
export {prerenderReason, matchesHost} from './render/prerender-reason.js';
export {fetchIframe, bundledProviders, maxOEmbedBytes} from './oembed/fetch-iframe.js';
export type {IframeRequest, IframeResult, OEmbedFields, OEmbedProvider, OEmbedEndpoint} from './oembed/fetch-iframe.js';
export {fetchSiteOEmbed} from './oembed/site-oembed.js';
export type {SiteOEmbedAnswer, SiteOEmbedRequest} from './oembed/site-oembed.js';
export {detectWall} from './walls/detect-wall.js';
export type {Wall, WallInput} from './walls/detect-wall.js';
export {defaultWallSignatures, wallKinds} from './walls/signatures.js';
export type {WallKind, WallSignature, WallMarker, TextPattern} from './walls/signatures.js';
export type {WallsOptions} from './walls/options.js';
export {defaultRequestProfiles, profileFor, profileHeaders} from './fetch/request-profiles.js';
export type {RequestProfile, ProfileUse} from './fetch/request-profiles.js';
export type {RequestProfilesConfig, RequestProfileInput} from './fetch/profile-options.js';
export type {ProxySetting} from './fetch/proxy-options.js';
export type {ProxyUse, ResolvedProxy} from './fetch/proxy.js';
export {applyDataRules, mediaPaths} from './rules/apply-data-rules.js';
export type {DataValue, DataValues, DataMediaRef} from './rules/apply-data-rules.js';
export {normalizeDataRules, dataRuleTypes} from './rules/data-rules.js';
export type {DataRule, DataRules, DataRuleType, ResolvedDataRules} from './rules/data-rules.js';
export {normalizeMeta, metaFields} from './rules/meta.js';
export type {MetaField, MetaOptions} from './rules/meta.js';
export {pingMedia} from './ping/ping.js';
export {createDataUriStore, createFileStore} from './screenshot/store.js';
export type {FileStoreOptions} from './screenshot/store.js';
export {readImageInfo} from './ping/image-info.js';
export type {ImageInfo} from './ping/image-info.js';
export {createDeadline} from './deadline.js';
export type {Deadline} from './deadline.js';

// Batches on a queue (BullMQ on Redis): a producer, workers, progress
export {enqueueBatch} from './batch/enqueue-batch.js';
export type {EnqueueBatchOptions} from './batch/enqueue-batch.js';
export {runWorker} from './batch/run-worker.js';
export type {RunWorkerOptions, WorkerEvent, WorkerSummary, BatchJobData, JobExtractOptions} from './batch/run-worker.js';
export {batchProgress} from './batch/batch-progress.js';
export {forgetBatch} from './batch/forget-batch.js';
export type {QueueProgress} from './batch/batch-progress.js';
export type {QueueTarget, QueueAttempts, QueueLocks} from './batch/queue-options.js';
export {memoryHostGate, redisHostGate, gateKeyOf} from './batch/host-gate.js';
export type {HostGate, HostGateOptions, RedisHostGateOptions} from './batch/host-gate.js';
export {backOffFor, runPolitely} from './batch/polite-run.js';
export type {PoliteRun} from './batch/polite-run.js';
export {robotsCheck, redisRobotsStore, robotsAgent} from './batch/robots.js';
export type {RobotsCheck, RobotsOptions, RobotsStore} from './batch/robots.js';

// HTTP endpoint
export {createHandler, handleQuery} from './endpoint/handler.js';
export type {HandlerConfig, QueryRequest, QueryResponse} from './endpoint/handler.js';
export {createFetchHandler} from './endpoint/fetch-handler.js';
export type {FetchHandler, FetchHandlerConfig} from './endpoint/fetch-handler.js';
export {renderCard} from './card/render-card.js';
export type {CardData, RenderCardOptions} from './card/render-card.js';
export {parseQuery, embedPaths} from './endpoint/parse-query.js';
export type {ParsedQuery} from './endpoint/parse-query.js';
export {createMemoryCache, cacheKey} from './endpoint/result-cache.js';
export type {CacheStore, CacheEntry, CacheLock, MemoryCacheOptions} from './endpoint/result-cache.js';
export {createRedisCache} from './endpoint/redis-cache.js';
export type {RedisCache, RedisCacheOptions} from './endpoint/redis-cache.js';
