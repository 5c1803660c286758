// <link-preview href="https://…">: a card for a link, drawn in the browser from the linkpeek
// endpoint's answer. No framework, no innerHTML: every node is made with createElement,
// setAttribute and text nodes from card-tree.ts, so a page's title can only ever be text.
// The endpoint serves this module, bundled, at `<mount>/link-preview.js` (card-module.ts);
// `import 'linkpeek/card'` defines the element too. In Node, importing it does nothing.
import {cardView, safeUrl, type CardView} from './card-model.js';
import {cardTree, skeletonTree, type CardNode} from './card-tree.js';
import {cardCss} from './card-style.js';

/** Builds DOM nodes from a card tree: elements, attributes and text only. */
function toDom(document: Document, tree: CardNode | string): Node {
  if (typeof tree === 'string') return document.createTextNode(tree);
  const element = document.createElement(tree.tag);
  for (const [name, value] of Object.entries(tree.attrs)) element.setAttribute(name, value);
  for (const child of tree.children) element.append(toDom(document, child));
  return element;
}

/**
 * Defines the card element (once; later calls do nothing). Attributes: `href` (the link),
 * `endpoint` (the endpoint's URL; default: where this module was served from), `palette` (ask the
 * endpoint for the image's colours and paint the card with them). The element's `state` attribute
 * says `loading`, `ready` or `error`; it fires `load` or `error` when done. A page that has the
 * endpoint's answer already (the playground asks with its own switches) sets the `result`
 * property instead: the card is drawn from it and the endpoint is not asked.
 */
export function defineLinkPreview(name = 'link-preview'): void {
  if (typeof customElements === 'undefined' || customElements.get(name)) return;
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(cardCss);

  class LinkPreview extends HTMLElement {
    static observedAttributes = ['href', 'endpoint', 'palette'];
    #root: ShadowRoot;
    #request: AbortController | null = null;
    #started = false;
    /** True while the card shows an answer given through `result`: nothing is fetched for it. */
    #given = false;

    constructor() {
      super();
      // A card written by renderCard arrives with its shadow root (declarative shadow DOM).
      this.#root = this.shadowRoot ?? this.attachShadow({mode: 'open'});
      this.#root.adoptedStyleSheets = [sheet];
    }

    connectedCallback() {
      if (this.#started) return;
      this.#started = true;
      if (this.#given || (this.hasAttribute('rendered') && this.#root.childNodes.length > 0)) return;
      void this.#load();
    }

    disconnectedCallback() {
      this.#request?.abort();
      this.#request = null;
      this.#started = false;
    }

    attributeChangedCallback(_name: string, old: string | null, value: string | null) {
      if (!this.#started || old === value) return;
      this.#given = false;
      void this.#load();
    }

    /** Draws the card from an endpoint answer (`{status, data}`) in hand, without asking the endpoint. */
    set result(answer: unknown) {
      this.#request?.abort();
      this.#request = null;
      this.#given = true;
      this.#show(answer, safeUrl(this.getAttribute('href')));
    }

    #draw(tree: CardNode, view: CardView | null, state: 'loading' | 'ready' | 'error') {
      this.#root.replaceChildren(toDom(this.ownerDocument, tree));
      this.setAttribute('state', state);
      if (state === 'loading') this.setAttribute('aria-busy', 'true');
      else this.removeAttribute('aria-busy');
      // Colours are #RRGGBB (card-model.ts), set through the CSSOM: no style attribute to parse.
      if (view?.colors) {
        this.style.setProperty('--lp-palette-bg', view.colors.background);
        this.style.setProperty('--lp-palette-fg', view.colors.color);
      } else {
        this.style.removeProperty('--lp-palette-bg');
        this.style.removeProperty('--lp-palette-fg');
      }
    }

    async #load() {
      this.#request?.abort();
      const request = new AbortController();
      this.#request = request;
      const href = safeUrl(this.getAttribute('href'));
      if (!href) return this.#show(null, href);
      this.#draw(skeletonTree(), null, 'loading');
      try {
        const given = this.getAttribute('endpoint');
        const endpoint = given ? new URL(given, this.ownerDocument.baseURI) : new URL('./', import.meta.url);
        const query = new URLSearchParams({url: href});
        if (this.hasAttribute('palette')) query.set('palette', 'true');
        endpoint.search = query.toString();
        const response = await fetch(endpoint.href, {headers: {accept: 'application/json'}, signal: request.signal});
        const body: unknown = await response.json();
        if (!request.signal.aborted) this.#show(body, href);
      } catch {
        if (!request.signal.aborted) this.#show(null, href);
      }
    }

    /** The card of a success answer, else the plain fallback card that links to `href`. */
    #show(answer: unknown, href: string | null) {
      const body = answer && typeof answer === 'object' ? (answer as {status?: unknown; data?: unknown}) : null;
      if (body?.status !== 'success' || !body.data || typeof body.data !== 'object') {
        const view = cardView(null, href);
        this.#draw(cardTree(view), view, 'error');
        this.dispatchEvent(new Event('error'));
        return;
      }
      const view = cardView(body.data, href);
      this.#draw(cardTree(view), view, 'ready');
      this.dispatchEvent(new Event('load'));
    }
  }

  customElements.define(name, LinkPreview);
}

defineLinkPreview();
