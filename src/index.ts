// `linkpeek`: the previewer, in about thirty values (each documented in docs/; the list and where
// is in docs/architecture.md, "The public surface"). Everything else lives in a subpath of its own:
// `linkpeek/stages` (the pipeline's stages one by one), `linkpeek/endpoint` (the HTTP endpoint and
// its caches), `linkpeek/fastify`, `linkpeek/batch` (many URLs, a queue) and `linkpeek/card`.
// Importing this module loads no browser, queue, Redis, image or PDF package (tests/lean-import.test.ts).

// Pipeline
export {extract, createExtractor, defaultStages} from './extract.js';
export type {Extract, CreateExtractorConfig, Stages} from './extract.js';

// Options
export type {ExtractOptions, ExtractorConfig, ResolvedConfig, ResolvedOptions, ResolvedWait, PingOptions, PingKind, AddressPolicy} from './options.js';

// Results
export type {LinkData, Media, Price, Screenshot, Pdf, ImagePalette, Redirect, ExtractResult, Candidates, MediaField, TextField, Iframe, IframeScript, Recovery, RecoveryRung} from './data.js';

// Errors
export {LinkpeekError, isLinkpeekError, toErrorBody, statusByCode, errorCodes} from './errors.js';
export type {ErrorCode, ErrorBody, LinkpeekErrorOptions} from './errors.js';

// Which addresses may be fetched
export {validateUrl} from './url/validate-url.js';
export {isPublicAddress, isLoopbackAddress} from './url/address.js';

// Rules: the field rules, the site rules, and what custom rules are made of
export {rules, meta, microdata, link, defaultSites, withSites} from './rules/rules.js';
export type {Rule, RuleTable, RuleContext, SiteRules, PageKind} from './rules/rules.js';
export {oembed, oembedMapped, oembedParagraph} from './rules/sites/oembed-rules.js';
export type {SiteOEmbed} from './rules/sites/site.js';
export type {PriceRule} from './rules/price-rules.js';
export type {DataRule, DataRules, DataRuleType} from './rules/data-rules.js';
export type {DataValue, DataValues} from './rules/apply-data-rules.js';
export type {MetaField, MetaOptions} from './rules/meta.js';

// The browser (screenshots, prerender) and where screenshots are kept
export {createChromiumProvider} from './browser/chromium-provider.js';
export type {ChromiumProvider, ChromiumProviderOptions} from './browser/chromium-provider.js';
export {createDataUriStore, createFileStore} from './screenshot/store.js';
export type {FileStoreOptions} from './screenshot/store.js';
export type {
  ScreenshotProvider,
  ScreenshotStore,
  ScreenshotOptions,
  ResolvedScreenshotOptions,
  CaptureRequest,
  CaptureResult,
  NavigationRequest,
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

// Walls and the request profiles that get past them
export {defaultWallSignatures} from './walls/signatures.js';
export type {WallKind, WallSignature, WallMarker, TextPattern} from './walls/signatures.js';
export type {WallsOptions} from './walls/options.js';
export type {Wall} from './walls/detect-wall.js';
export {defaultRequestProfiles} from './fetch/request-profiles.js';
export type {RequestProfile, ProfileUse} from './fetch/request-profiles.js';
export type {RequestProfilesConfig, RequestProfileInput} from './fetch/profile-options.js';
export type {RequestGate, RequestRelease, RequestAnswer} from './fetch/options.js';
export type {PdfOptions} from './screenshot/pdf-options.js';
export type {ProxySetting} from './fetch/proxy-options.js';

// oEmbed: the bundled provider registry
export {bundledProviders} from './oembed/fetch-iframe.js';
export type {OEmbedProvider, OEmbedEndpoint, OEmbedFields} from './oembed/fetch-iframe.js';

// Files (PDF, images, feeds...) as results
export type {FileInfo, FileKind, FileReason} from './shared/file-info.js';
