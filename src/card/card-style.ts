// The card's stylesheet, shared by the element (a constructed stylesheet: allowed under a strict
// Content-Security-Policy) and renderCard (a <style> in its shadow root). Sizes are fixed (the
// image box's aspect ratio, the text's line count, the logo's 16px), so the skeleton, the card and
// the fallback take the same room and nothing around them moves.
export const cardCss = `:host{display:block;max-width:520px;font:14px/1.4 system-ui,-apple-system,"Segoe UI",sans-serif;
--lp-bg:#fff;--lp-fg:#111;--lp-muted:#555;--lp-border:#d9dce1;--lp-tile:#eef0f3;--lp-focus:#1a5fd0}
@media (prefers-color-scheme:dark){:host{--lp-bg:#1c1e22;--lp-fg:#f1f3f5;--lp-muted:#a9afb8;--lp-border:#3a3e45;--lp-tile:#2a2d33;--lp-focus:#7fb0ff}}
.card{background:var(--lp-palette-bg,var(--lp-bg));color:var(--lp-palette-fg,var(--lp-fg));border:1px solid var(--lp-border);border-radius:10px;overflow:hidden}
.link{display:block;color:inherit;text-decoration:none;border-radius:10px}
a.link:focus-visible{outline:3px solid var(--lp-focus);outline-offset:-3px}
a.link:hover .title{text-decoration:underline}
.media-box{display:block;aspect-ratio:1.91/1;background:var(--lp-tile);overflow:hidden}
.image{display:block;width:100%;height:100%;object-fit:cover}
.body{display:flex;flex-direction:column;gap:4px;padding:10px 14px 12px;height:96px;box-sizing:border-box;overflow:hidden}
.title{font-weight:600;font-size:15px;line-height:20px;max-height:40px;overflow:hidden;display:-webkit-box;-webkit-line-clamp:2;-webkit-box-orient:vertical}
.description{color:inherit;opacity:.8;line-height:18px;max-height:18px;overflow:hidden;white-space:nowrap;text-overflow:ellipsis}
.meta{display:flex;align-items:center;gap:6px;margin-top:auto;height:18px;font-size:12px;opacity:.8;white-space:nowrap;overflow:hidden}
.logo{width:16px;height:16px;flex:none;border-radius:3px}
.publisher{overflow:hidden;text-overflow:ellipsis}
.price{font-weight:600;flex:none}
.price:not(:last-child)::after{content:"·";margin-left:6px;font-weight:400}
time::before{content:"·";margin-right:6px}
.publisher+time::before,.logo+time::before{content:"·"}
.meta>time:first-child::before{content:none}
.player{display:block;width:100%;border-top:1px solid var(--lp-border)}
video.player{aspect-ratio:16/9;background:#000}
.skeleton .media-box,.skeleton .bar{background:linear-gradient(90deg,var(--lp-tile) 25%,var(--lp-border) 50%,var(--lp-tile) 75%);background-size:200% 100%;animation:lp-shimmer 1.4s linear infinite}
.skeleton .bar{display:block;border-radius:4px;height:14px}
.skeleton .bar.title{width:80%;height:18px}.skeleton .bar.description{width:95%}.skeleton .bar.meta{width:40%;height:12px;margin-top:auto}
@media (prefers-reduced-motion:reduce){.skeleton .media-box,.skeleton .bar{animation:none}}
@keyframes lp-shimmer{to{background-position:-200% 0}}
`;
