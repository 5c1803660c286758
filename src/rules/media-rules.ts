import type {ImageTag, PictureSource, Snapshot} from '../parse/parse-html.js';
import {addSrcsetUrls} from '../parse/srcset.js';
import {audioExtensions, fileExtension} from '../parse/audio-links.js';
import {addUrls, audioTypes, contentTypes, jsonldNodes, linksWithRel, mainNodes, metaContentsOf, microdataValuesOfType, openGraphMedia, urlKeys, videoTypes} from './query.js';
import {classifyImageUrl} from './image-filters.js';
import {meta, microdata, link, named, type Rule} from './rule-kit.js';
import {charCodeAt, startsWith, trim} from '../parse/chars.js';

/*
 * The rules of the media fields (image, video, audio), each list in priority order. rules.ts
 * assembles them into the rule table.
 */

const jsonldImage = named('jsonld(image)', (snapshot) => {
  const out: string[] = [];
  for (const node of mainNodes(snapshot)) {
    addUrls(snapshot, node.image, urlKeys, out);
    addUrls(snapshot, node.thumbnailUrl, urlKeys, out);
  }
  return out;
});
/**
 * Media URLs from JSON-LD: `contentUrl` (and `associatedMedia.contentUrl`) of the top-level nodes of
 * `types`, then the `video`/`audio` property of content nodes (an Article's embedded VideoObject).
 * `embedUrl` is never taken: it is an HTML player, not a media file.
 */
function jsonldMedia(types: ReadonlySet<string>, property: 'video' | 'audio'): Rule {
  return named(`jsonld(${property}.contentUrl)`, (snapshot) => {
    const out: string[] = [];
    for (const node of jsonldNodes(snapshot, types)) {
      addUrls(snapshot, node.contentUrl, noKeys, out);
      addUrls(snapshot, node.associatedMedia, contentUrlKeys, out);
    }
    for (const node of jsonldNodes(snapshot, contentTypes)) addUrls(snapshot, node[property], contentUrlKeys, out);
    return out;
  });
}

const noKeys: readonly string[] = [];
const contentUrlKeys: readonly string[] = ['contentUrl'];

/** Declared pixel size of an `<img>` attribute (`"640"`, `"640px"`), or `undefined`. */
function declaredSize(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const digits = digitsValue(value);
  if (digits !== undefined) return digits;
  const number = Number.parseFloat(value);
  if (!Number.isFinite(number)) return undefined;
  // A leading digit is the usual case; otherwise the value must start with one after whitespace (not `.5`, `-1`).
  const first = charCodeAt(value, 0);
  return (first >= 48 && first <= 57) || /^\s*\d/.test(value) ? number : undefined;
}

/** The number a value of 1 to 15 ASCII digits writes (what parseFloat gives it, read without it), else undefined. */
function digitsValue(value: string): number | undefined {
  if (value.length === 0 || value.length > 15) return undefined;
  let number = 0;
  for (let index = 0; index < value.length; index++) {
    const digit = charCodeAt(value, index) - 48;
    if (digit < 0 || digit > 9) return undefined;
    number = number * 10 + digit;
  }
  return number;
}

/** Images declared smaller than this (width or height) are icons, spacers or tracking pixels. */
export const minImageSize = 64;

/** A `<picture>` source that is an image: no `type`, or `image/*` (Safari also plays a `video/mp4` source there). */
const isImageSource = (source: PictureSource): boolean => source.type === undefined || source.type.trim().toLowerCase().startsWith('image/');

/** The URLs of an `<img>`, appended to `out`: its `<picture>` sources' and its own srcset candidates (largest first), then `src` and `data-src`. */
function addImageUrls(image: ImageTag, out: string[]): void {
  if (image.sources !== undefined) {
    const srcsets: string[] = [];
    for (const source of image.sources) if (isImageSource(source)) srcsets.push(source.srcset);
    if (image.srcset !== undefined) srcsets.push(image.srcset);
    addSrcsetUrls(srcsets, out);
  } else if (image.srcset !== undefined) {
    addSrcsetUrls([image.srcset], out);
  }
  // A data: placeholder in `src` with the real image in `data-src` is the usual lazy-loading pattern.
  if (image.src !== undefined && !startsWith(trim(image.src), 'data:')) out.push(image.src);
  if (image.dataSrc !== undefined) out.push(image.dataSrc);
}

/** Whether an `<img>` declares a width or height under {@link minImageSize}. */
function isDeclaredSmall(image: ImageTag): boolean {
  const width = declaredSize(image.width);
  if (width !== undefined && width < minImageSize) return true;
  const height = declaredSize(image.height);
  return height !== undefined && height < minImageSize;
}

const documentImages = named('document(img)', (snapshot) => {
  const images: string[] = [];
  const logos: string[] = [];
  // Every candidate URL of the body's images, in one list (no list per image).
  const urls: string[] = [];
  for (const image of snapshot.images) {
    if (isDeclaredSmall(image)) continue;
    const from = urls.length;
    addImageUrls(image, urls);
    for (let index = from; index < urls.length; index++) {
      const url = urls[index]!;
      const kind = classifyImageUrl(url);
      // A header logo is the first <img> of many pages: the content images come before it.
      if (kind === 'logo') logos.push(url);
      else if (kind === 'image') images.push(url);
      else if (kind === 'video') images.push(...videoPosters(snapshot));
    }
  }
  return logos.length === 0 ? images : images.concat(logos);
});

/** A video's still: JSON-LD `VideoObject` `thumbnailUrl`/`thumbnail`, then `<video poster>`. */
function videoPosters(snapshot: Snapshot): string[] {
  const out: string[] = [];
  for (const node of jsonldNodes(snapshot, videoTypes)) {
    addUrls(snapshot, node.thumbnailUrl, urlKeys, out);
    addUrls(snapshot, node.thumbnail, urlKeys, out);
  }
  for (const video of snapshot.videos) if (video.poster !== undefined) out.push(video.poster);
  return out;
}

/**
 * An image rule whose values are checked (issue 12 point 5): a placeholder is dropped, an audio file
 * too, and a video file (an `og:image` pointing at the clip) gives way to the video's posters, in
 * its place.
 */
function imageRule(rule: Rule): Rule {
  return named(rule.name, (snapshot, context) => {
    const found = rule(snapshot, context);
    if (found === null || found === undefined) return [];
    return imageValues(Array.isArray(found) ? found : [found], snapshot);
  });
}

/** The values of an image rule that may be images, a video file replaced by the video's posters. */
function imageValues(found: readonly string[], snapshot: Snapshot): string[] {
  const out: string[] = [];
  for (const url of found) {
    const kind = classifyImageUrl(url);
    if (kind === 'video') out.push(...videoPosters(snapshot));
    else if (kind !== 'audio' && kind !== 'placeholder') out.push(url);
  }
  return out;
}

const acceptVideoType = (type: string): boolean => startsWith(type, 'video/') || type.includes('mpegurl') || type === 'application/dash+xml';
const acceptAudioType = (type: string): boolean => startsWith(type, 'audio/');

function documentMedia(kind: 'videos' | 'audios'): Rule {
  return named(`document(${kind === 'videos' ? 'video' : 'audio'})`, (snapshot) =>
    snapshot[kind].flatMap((element) => [
      ...(element.src === undefined ? [] : [element.src]),
      ...element.sources.map((source) => source.src),
    ]));
}
/**
 * Whether the `twitter:player:stream` is audio: its `twitter:player:stream:content_type` says
 * `audio/*`, or, with no content type, its URL ends in an audio extension. Else it is a video.
 */
function isAudioStream(snapshot: Snapshot, url: string): boolean {
  const type = metaContentsOf(snapshot, streamTypeKeys)[0]?.trim().toLowerCase();
  return type === undefined ? audioExtensions.has(fileExtension(url)) : startsWith(type, 'audio/');
}

const streamKeys = ['twitter:player:stream'];
const streamTypeKeys = ['twitter:player:stream:content_type'];

function twitterStream(kind: 'video' | 'audio'): Rule {
  return named(`meta(twitter:player:stream ${kind})`, (snapshot) =>
    metaContentsOf(snapshot, streamKeys).filter((url) => isAudioStream(snapshot, url) === (kind === 'audio')));
}

const enclosureRels = ['enclosure'];

/** `<link rel="enclosure">` typed `audio/*` (a podcast page pointing at its episode file). */
const audioEnclosures = named('link(enclosure audio/*)', (snapshot) =>
  linksWithRel(snapshot, enclosureRels).filter((tag) => tag.type?.trim().toLowerCase().startsWith('audio/') === true).map((tag) => tag.href));

/** Where the image is read, in priority order (every candidate is kept; ping picks the first that answers). */
export const imageRules: Rule[] = [
  named('meta(og:image)', (snapshot) => openGraphMedia(snapshot, 'image', (type) => startsWith(type, 'image/'))),
  meta('twitter:image', 'twitter:image:src'),
  jsonldImage,
  microdata('image', null),
  microdata('url', 'image'),
  microdata('contentUrl', 'image'),
  microdata('thumbnailUrl', null),
  link('image_src'),
  documentImages,
  named('document(video poster)', (snapshot) => snapshot.videos.flatMap((video) => (video.poster === undefined ? [] : [video.poster]))),
].map((rule) => (rule === documentImages ? rule : imageRule(rule)));

/** Where the video is read, in priority order. */
export const videoRules: Rule[] = [
  named('meta(og:video)', (snapshot) => openGraphMedia(snapshot, 'video', acceptVideoType)),
  twitterStream('video'),
  jsonldMedia(videoTypes, 'video'),
  named('microdata(VideoObject.contentUrl)', (snapshot) => microdataValuesOfType(snapshot, 'contentUrl', videoTypes)),
  documentMedia('videos'),
];

/** Where the audio is read, in priority order. */
export const audioRules: Rule[] = [
  named('meta(og:audio)', (snapshot) => openGraphMedia(snapshot, 'audio', acceptAudioType)),
  twitterStream('audio'),
  jsonldMedia(audioTypes, 'audio'),
  named('microdata(AudioObject.contentUrl)', (snapshot) => microdataValuesOfType(snapshot, 'contentUrl', audioTypes)),
  documentMedia('audios'),
  audioEnclosures,
  named('document(a[href] audio file)', (snapshot) => snapshot.audioLinks ?? []),
];
