// The framing page of `screenshot.overlay`: markup and CSS only. It loads nothing by itself: its
// CSP allows `data:` images and inline styles only, and the page that shows it blocks every request
// that is not `data:` anyway.
import type {BackgroundKind} from './overlay-background.js';

/** What the framing page shows. */
export interface OverlayLayout {
  /** The capture as a `data:` URI. */
  capture: string;
  /** The capture's size in CSS pixels (its pixel size divided by the device scale factor). */
  width: number;
  height: number;
  /** The browser window's theme, or `null` for no window. */
  browser: 'light' | 'dark' | null;
  /** The background (a colour or gradient checked by `classifyBackground`, or an image as a `data:` URI), or `null`. */
  background: {kind: BackgroundKind; value: string} | null;
}

/** Height of the window's title bar, in CSS pixels. */
export const titleBarHeight = 40;

/** Colours of the window's title bar per theme (the visual tests read them back). */
export const frameColors = {light: '#e9e9ec', dark: '#2a2a2e'} as const;

const themes = {
  light: {bar: frameColors.light, border: '#d0d0d5', address: '#ffffff'},
  dark: {bar: frameColors.dark, border: '#17171a', address: '#3f3f45'},
};

/** Breathing room around the window on a background: 6% of the longer side, 32 to 128 CSS pixels. */
export function paddingFor(width: number, height: number): number {
  return Math.round(Math.min(128, Math.max(32, Math.max(width, height) * 0.06)));
}

/** The size of the whole framing page in CSS pixels. */
export function overlaySize(layout: Pick<OverlayLayout, 'width' | 'height' | 'browser' | 'background'>): {width: number; height: number; padding: number} {
  const padding = layout.background ? paddingFor(layout.width, layout.height) : 0;
  const bar = layout.browser ? titleBarHeight : 0;
  return {width: Math.ceil(layout.width + 2 * padding), height: Math.ceil(layout.height + bar + 2 * padding), padding};
}

function backgroundCss(background: OverlayLayout['background']): string {
  if (!background) return 'background: transparent;';
  if (background.kind === 'color') return `background-color: ${background.value};`;
  if (background.kind === 'gradient') return `background-color: #fff; background-image: ${background.value};`;
  // A data: URI built by linkpeek (base64 and a sniffed image type): nothing to escape.
  return `background: #fff url("${background.value}") center / cover no-repeat;`;
}

/** The framing page's HTML. */
export function overlayMarkup(layout: OverlayLayout): string {
  const {padding} = overlaySize(layout);
  const theme = themes[layout.browser ?? 'light'];
  const floating = layout.background !== null;
  const bar = layout.browser
    ? `<div class="bar"><span class="dot" style="background:#ff5f57"></span><span class="dot" style="background:#febc2e"></span><span class="dot" style="background:#28c840"></span><span class="address"></span></div>`
    : '';
  return `<!doctype html><html><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src data:; style-src 'unsafe-inline'">
<style>
  html, body { margin: 0; padding: 0; }
  body { ${backgroundCss(layout.background)} padding: ${padding}px; width: max-content; }
  .window { width: ${layout.width}px; overflow: hidden; ${floating ? 'border-radius: 10px; box-shadow: 0 12px 40px rgba(0, 0, 0, 0.35);' : ''} ${layout.browser ? `background: ${theme.bar};` : ''} }
  .bar { box-sizing: border-box; height: ${titleBarHeight}px; display: flex; align-items: center; gap: 8px; padding: 0 14px; background: ${theme.bar}; border-bottom: 1px solid ${theme.border}; }
  .dot { flex: none; width: 12px; height: 12px; border-radius: 50%; }
  .address { flex: 1; height: 22px; margin-left: 16px; margin-right: 60px; border-radius: 6px; background: ${theme.address}; }
  img { display: block; width: ${layout.width}px; height: ${layout.height}px; }
</style></head><body><div class="window">${bar}<img alt="" src="${layout.capture}"></div></body></html>`;
}
