// `linkpeek/card`: the card, drawn in the browser by the <link-preview> element (importing this
// module in a browser defines it; in Node it does nothing) and as HTML on the server by renderCard.
export {defineLinkPreview} from './link-preview.js';
export {renderCard} from './render-card.js';
export type {CardData, RenderCardOptions} from './render-card.js';
