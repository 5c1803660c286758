import {decodeHTML} from 'entities';

/**
 * How much of a body the shape is read from (characters). An interstitial is a small page; a page
 * with more than this is read no further: by then it has shown whether it has text.
 */
export const shapeWindow = 128 * 1024;

/** What the markup of a page looks like, read once with a few linear passes over its first {@link shapeWindow} characters. */
export interface PageShape {
  /** Characters of visible text (scripts, styles and comments left out; `<noscript>` counted). */
  textLength: number;
  /** The first 4,000 characters of that text, whitespace-collapsed: what text wordings are looked for in. */
  text: string;
  /** Characters of text inside `<main>` (or `role="main"`), the most of any. */
  mainTextLength: number;
  /** Characters of text inside `<article>`, the most of any. */
  articleTextLength: number;
  /** The first `<h1>`'s text, or null. */
  h1: string | null;
  /** The texts of the first ten `<h2>` and `<h3>`. */
  subheadings: string[];
  /** `<script>` elements. */
  scripts: number;
  /** `<iframe>` elements. */
  iframes: number;
  /** The body is scripts (and iframes) with almost no text: an app shell or an interstitial. */
  scriptOnly: boolean;
  /** A `<input type="password">`. */
  password: boolean;
  /** A captcha or challenge widget, and what it was (`class="g-recaptcha"`, `script …/turnstile/…`). */
  widget: string | null;
  /** `@type`s of the JSON-LD blocks (read with a pattern, not parsed). */
  jsonldTypes: string[];
}

// Widgets of the captcha and challenge services a page embeds, by the class, id or script they
// need (reCAPTCHA, hCaptcha, Turnstile, GeeTest, Arkose/FunCaptcha, Friendly Captcha, MTCaptcha…),
// and the generic form: an element, script, iframe or form action named "captcha" or "challenge".
const widgetPattern = new RegExp(
  [
    'class=["\'][^"\']*\\b(?:g-recaptcha|h-captcha|cf-turnstile|frc-captcha|geetest_[a-z]+|mtcaptcha|captcha)\\b',
    'id=["\'][^"\']*captcha[^"\']*["\']',
    '(?:src|action)=["\'][^"\']*(?:recaptcha/api|hcaptcha\\.com|challenges\\.cloudflare\\.com/turnstile|geetest|arkoselabs|funcaptcha|friendlycaptcha|captcha)[^"\']*["\']',
    'data-sitekey=',
  ].join('|'),
  'i',
);

const dropped = /<script\b[^>]*>[\s\S]*?<\/script\s*>|<style\b[^>]*>[\s\S]*?<\/style\s*>|<!--[\s\S]*?-->|<template\b[^>]*>[\s\S]*?<\/template\s*>/gi;

function visibleText(markup: string): string {
  const text = markup.replace(dropped, ' ').replace(/<[^>]*>/g, ' ');
  return (text.includes('&') ? decodeHTML(text) : text).replace(/\s+/g, ' ').trim();
}

/** Reads the shape of a page's markup (its first {@link shapeWindow} characters). */
export function readShape(html: string): PageShape {
  const markup = html.length > shapeWindow ? html.slice(0, shapeWindow) : html;
  const bodyAt = markup.search(/<body[\s>]/i);
  const body = bodyAt < 0 ? markup : markup.slice(bodyAt);
  const text = visibleText(body);
  let mainTextLength = 0;
  let articleTextLength = 0;
  for (const match of body.matchAll(/<(main|article)\b[^>]*>([\s\S]*?)<\/\1\s*>|<[a-z]+\b[^>]*role=["']main["'][^>]*>([\s\S]{0,20000})/gi)) {
    const length = visibleText(match[2] ?? match[3] ?? '').length;
    if (match[1]?.toLowerCase() === 'article') articleTextLength = Math.max(articleTextLength, length);
    else mainTextLength = Math.max(mainTextLength, length);
  }
  const h1Match = /<h1\b[^>]*>([\s\S]*?)<\/h1\s*>/i.exec(body);
  const h1 = h1Match ? visibleText(h1Match[1] ?? '') || null : null;
  const subheadings: string[] = [];
  for (const match of body.matchAll(/<h[23]\b[^>]*>([\s\S]*?)<\/h[23]\s*>/gi)) {
    const heading = visibleText(match[1] ?? '');
    if (heading !== '') subheadings.push(heading);
    if (subheadings.length >= 10) break;
  }
  const scripts = (markup.match(/<script\b/gi) ?? []).length;
  const iframes = (body.match(/<iframe\b/gi) ?? []).length;
  const widget = widgetPattern.exec(markup)?.[0] ?? null;
  const jsonldTypes: string[] = [];
  for (const block of markup.matchAll(/<script\b[^>]*application\/ld\+json[^>]*>([\s\S]*?)<\/script\s*>/gi)) {
    for (const type of (block[1] ?? '').matchAll(/"@type"\s*:\s*(?:\[\s*)?"([^"]+)"/g)) jsonldTypes.push(type[1] ?? '');
  }
  return {
    textLength: text.length,
    text: text.slice(0, 4000),
    mainTextLength,
    articleTextLength,
    h1,
    subheadings,
    scripts,
    iframes,
    scriptOnly: text.length < 80 && scripts + iframes > 0,
    password: /<input\b[^>]*type=["']?password/i.test(body),
    widget: widget === null ? null : widget.slice(0, 80),
    jsonldTypes,
  };
}
