// What a card shows, read from an endpoint result's `data` with every value checked: text stays
// text, URLs are http(s) only, colours are #RRGGBB only. The element (link-preview.ts) and
// renderCard (render-card.ts) both draw from this, so both show the same card.
import type {LinkData, Media} from '../data.js';

/** The fields of {@link LinkData} a card reads; anything else may be missing. */
export type CardData = Partial<Pick<LinkData, 'title' | 'description' | 'publisher' | 'date' | 'url' | 'image' | 'logo' | 'video' | 'audio' | 'price'>>;

/** A card's content, every value safe to put in a text node or an attribute. */
export interface CardView {
  /** The link: `data.url`, else the `href` asked for; `null` when neither is http(s). */
  href: string | null;
  /** The title, else the link's host name. */
  title: string;
  description: string | null;
  /** The publisher, else the link's host name. */
  publisher: string | null;
  /** `YYYY-MM-DD` (the same on the server and in every browser locale), with the full ISO date for `<time datetime>`. */
  date: {text: string; iso: string} | null;
  image: string | null;
  logo: string | null;
  /**
   * A product's price (`data.price`) as `29.99 USD`: the amount with two decimals (none for a whole
   * yen or won amount) and the ISO code, the same on the server and in every browser locale.
   */
  price: string | null;
  /** A player for a video or audio link (video first). */
  media: {kind: 'video' | 'audio'; url: string} | null;
  /** The image's palette (`palette=true`): card background and a readable text colour on it. */
  colors: {background: string; color: string} | null;
}

/** `value` as an absolute http(s) URL, else `null` (javascript:, data:, relative, malformed). */
export function safeUrl(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

const hexColour = /^#[0-9a-f]{6}$/i;

const text = (value: unknown, max: number): string | null => {
  if (typeof value !== 'string') return null;
  const trimmed = value.replace(/\s+/g, ' ').trim();
  if (!trimmed) return null;
  return trimmed.length > max ? `${trimmed.slice(0, max - 1)}…` : trimmed;
};

const mediaUrl = (media: Media | null | undefined): string | null => safeUrl(media && typeof media === 'object' ? media.url : null);

// Currencies written without minor units (ISO 4217 exponent 0) that stores show.
const wholeCurrencies = new Set(['JPY', 'KRW', 'VND', 'CLP', 'ISK', 'HUF', 'TWD', 'IDR']);
const currencyCode = /^[A-Z]{3}$/;

/** `data.price` as the card writes it, or `null` when it is no price. */
function priceText(value: unknown): string | null {
  if (value === null || typeof value !== 'object') return null;
  const {amount, currency} = value as {amount?: unknown; currency?: unknown};
  if (typeof amount !== 'number' || !Number.isFinite(amount) || amount < 0 || amount >= 1e12) return null;
  const code = typeof currency === 'string' && currencyCode.test(currency) ? currency : null;
  const whole = code !== null && wholeCurrencies.has(code) && Number.isInteger(amount);
  const digits = whole ? amount.toFixed(0) : amount.toFixed(2);
  // Thousands grouped with a thin space, as ISO 31-0 writes them: no locale's comma or dot.
  const [units = '', cents] = digits.split('.');
  const grouped = units.replace(/\B(?=(\d{3})+(?!\d))/g, '\u202f');
  const number = cents === undefined ? grouped : `${grouped}.${cents}`;
  return code === null ? number : `${number} ${code}`;
}

/** The card for `data` (an endpoint result's `data`); `href` is the link asked for, the fallback link. */
export function cardView(data: CardData | null | undefined, href?: string | null): CardView {
  const given = data && typeof data === 'object' ? data : {};
  const link = safeUrl(given.url) ?? safeUrl(href);
  const host = link ? new URL(link).hostname.replace(/^www\./, '') : null;
  const date = typeof given.date === 'string' && !Number.isNaN(Date.parse(given.date)) ? new Date(given.date) : null;
  const image = given.image && typeof given.image === 'object' ? given.image : null;
  const video = mediaUrl(given.video);
  const audio = mediaUrl(given.audio);
  const background = image?.background_color;
  const color = image?.color;
  return {
    href: link,
    title: text(given.title, 200) ?? host ?? 'Link',
    description: text(given.description, 300),
    publisher: text(given.publisher, 100) ?? host,
    date: date ? {text: date.toISOString().slice(0, 10), iso: date.toISOString()} : null,
    image: mediaUrl(image),
    logo: mediaUrl(given.logo),
    price: priceText(given.price),
    media: video ? {kind: 'video', url: video} : audio ? {kind: 'audio', url: audio} : null,
    colors: typeof background === 'string' && typeof color === 'string' && hexColour.test(background) && hexColour.test(color) ? {background, color} : null,
  };
}
