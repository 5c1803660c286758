// The playground: a small page to try the endpoint from a browser. No framework and no external
// asset: the page, its stylesheet and its script are served by the handler itself, under a
// Content-Security-Policy that allows nothing inline and no other origin but for preview media.
// The card is the one the package ships (<link-preview>, served at `<mount>/link-preview.js`),
// drawn from the answer the playground asked for with its own switches.
import {cardAsset} from './card-asset.js';
import type {QueryResponse} from './embed.js';

/** The sub-paths of the playground's stylesheet and script, relative to the mount. */
export const playgroundAssets = {script: 'playground.js', style: 'playground.css'} as const;

/**
 * Scripts and styles only from the mount's origin (no inline code, no eval), requests only to it,
 * images also from any http(s) URL or `data:` (the preview's image, logo and screenshot), no
 * frames, no plugins, no form posts elsewhere.
 */
export const playgroundCsp = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: http: https:",
  "media-src http: https:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** True when a request for the mount root is a browser asking for a page, not an API call. */
export function wantsPlayground(accept: string | undefined, searchParams: URLSearchParams): boolean {
  return !searchParams.has('url') && /\btext\/html\b/i.test(accept ?? '');
}

/** The answer for the page itself (`asset` undefined) or one of its assets; `undefined` for another path. */
export function playgroundAnswer(asset?: string): QueryResponse | undefined {
  const headers = (type: string) => ({
    'content-type': type,
    'content-security-policy': playgroundCsp,
    'cache-control': 'no-cache',
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
  });
  if (asset === undefined) return {status: 200, headers: headers('text/html; charset=utf-8'), body: page};
  if (asset === playgroundAssets.script) return {status: 200, headers: headers('text/javascript; charset=utf-8'), body: script};
  if (asset === playgroundAssets.style) return {status: 200, headers: headers('text/css; charset=utf-8'), body: style};
  return undefined;
}

const page = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>linkpeek playground</title>
<link rel="stylesheet" href="./${playgroundAssets.style}">
<script type="module" src="./${cardAsset}"></script>
<script src="./${playgroundAssets.script}" defer></script>
</head>
<body>
<main>
<h1>linkpeek playground</h1>
<form id="form">
  <input id="url" name="url" type="url" required placeholder="https://example.com/" autocomplete="url" aria-label="URL">
  <button id="go" type="submit">Preview</button>
  <fieldset>
    <label><input type="checkbox" id="ping" checked> ping</label>
    <label><input type="checkbox" id="screenshot"> screenshot</label>
    <label><input type="checkbox" id="prerender"> prerender</label>
    <label><input type="checkbox" id="iframe"> iframe</label>
    <label><input type="checkbox" id="palette"> palette</label>
    <label><input type="checkbox" id="pdf"> pdf</label>
    <label><input type="checkbox" id="javascript" checked> javascript</label>
    <label><input type="checkbox" id="adblock" checked> adblock</label>
    <label><input type="checkbox" id="insights"> insights</label>
  </fieldset>
  <fieldset>
    <label>ttl <input id="ttl" size="5" placeholder="1h"></label>
    <label>staleTtl <input id="staleTtl" size="5" placeholder="none"></label>
    <label>cacheKey <input id="cacheKey" size="10"></label>
    <label>retry <input id="retry" type="number" min="0" max="5" placeholder="2"></label>
  </fieldset>
</form>
<p id="state" role="status"></p>
<section id="error" hidden></section>
<section id="card" hidden>
  <div id="card-slot"></div>
  <img id="card-screenshot" alt="Screenshot of the page" hidden>
</section>
<h3>curl</h3>
<pre id="curl"></pre>
<h3>JSON</h3>
<pre id="json"></pre>
</main>
</body>
</html>
`;

const style = `body{font:15px/1.4 system-ui,sans-serif;margin:0;background:#f6f7f9;color:#111}
main{max-width:760px;margin:0 auto;padding:24px}
h1{font-size:20px}
form{display:flex;flex-wrap:wrap;gap:8px}
#url{flex:1 1 400px;padding:8px;font-size:15px}
button{padding:8px 16px}
fieldset{border:0;padding:0;margin:0;display:flex;gap:16px;flex-basis:100%}
#card{display:block;margin:16px 0}
#card[hidden],#error[hidden],#card img[hidden]{display:none}
#card-screenshot{display:block;max-width:520px;width:100%;margin-top:12px;border:1px solid #ddd;border-radius:8px}
#error{background:#fee;border:1px solid #e99;border-radius:8px;padding:12px 16px;margin:16px 0}
pre{background:#fff;border:1px solid #ddd;padding:12px;overflow:auto;white-space:pre-wrap;word-break:break-all;max-height:400px}
`;

// Plain DOM, textContent only: every value shown comes from a page that is not trusted.
const script = `'use strict';
(function () {
  var $ = function (id) { return document.getElementById(id); };
  var safeImage = function (value) {
    var url = value && typeof value === 'object' ? value.url : null;
    return typeof url === 'string' && /^(https?:|data:image\\/)/i.test(url) ? url : null;
  };
  var show = function (img, url) {
    if (url) { img.src = url; img.hidden = false; } else { img.removeAttribute('src'); img.hidden = true; }
  };
  $('form').addEventListener('submit', function (event) {
    event.preventDefault();
    var params = new URLSearchParams();
    params.set('url', $('url').value.trim());
    if (!$('ping').checked) params.set('ping', 'false');
    ['screenshot', 'prerender', 'iframe', 'palette', 'insights'].forEach(function (name) { if ($(name).checked) params.set(name, 'true'); });
    ['ttl', 'staleTtl', 'cacheKey', 'retry'].forEach(function (name) { var value = $(name).value.trim(); if (value) params.set(name, value); });
    if ($('pdf').checked) params.set('pdf', 'true');
    ['javascript', 'adblock'].forEach(function (name) { if (!$(name).checked) params.set(name, 'false'); });
    var endpoint = new URL('./', location.href);
    endpoint.search = params.toString();
    $('curl').textContent = "curl '" + endpoint.href.replace(/'/g, "'\\\\''") + "'";
    $('state').textContent = 'Loading…';
    $('go').disabled = true;
    // no-store: each Preview asks the endpoint, so its X-Cache-Status shows what its cache did.
    fetch(endpoint.href, {headers: {accept: 'application/json'}, cache: 'no-store'})
      .then(function (response) { return response.text().then(function (text) { return {status: response.status, text: text, cache: response.headers.get('x-cache-status')}; }); })
      .then(function (answer) {
        var body;
        try { body = JSON.parse(answer.text); } catch (error) { body = {status: 'error', message: answer.text}; }
        $('json').textContent = JSON.stringify(body, null, 2);
        $('state').textContent = 'HTTP ' + answer.status + (answer.cache ? ' · ' + answer.cache : '');
        if (body.status === 'success') {
          var data = body.data || {};
          $('error').hidden = true;
          $('card').hidden = false;
          show($('card-screenshot'), safeImage(data.screenshot));
          // The package's card, given this answer: it draws it and asks nothing itself.
          customElements.whenDefined('link-preview').then(function () {
            var card = document.createElement('link-preview');
            card.id = 'preview';
            card.result = body;
            $('card-slot').replaceChildren(card);
          });
        } else {
          $('card').hidden = true;
          $('error').hidden = false;
          $('error').textContent = (body.code ? body.code + ': ' : '') + (body.message || 'Request failed');
        }
      })
      .catch(function (error) {
        $('state').textContent = '';
        $('error').hidden = false;
        $('error').textContent = 'Network error: ' + error.message;
      })
      .finally(function () { $('go').disabled = false; });
  });
})();
`;
