import type {Price} from '../data.js';

/*
 * Prices as pages write them (`29.99`, `1,299.00`, `1.299,00 €`, `29,99`, `$1,299`, `¥3,980`,
 * `₹ 1,499.00`, `EUR 29,99`): the amount as a number, and the currency when the text names it by an
 * ISO 4217 code or a symbol only one currency (or the store's) writes.
 */

/**
 * Symbols and local abbreviations, each with the currencies that write it, the usual one first:
 * an unambiguous one names its currency, an ambiguous one (`$`, `kr`, `¥`) only together with a
 * store's currency it fits ({@link readPrice}'s `storeCurrency`).
 */
const symbols: readonly (readonly [string, readonly string[]])[] = [
  // Longest first: `US$` before `$`, `R$` before `$`.
  ['US$', ['USD']], ['CA$', ['CAD']], ['AU$', ['AUD']], ['MX$', ['MXN']], ['NZ$', ['NZD']], ['HK$', ['HKD']],
  ['C$', ['CAD']], ['A$', ['AUD']], ['S$', ['SGD']], ['R$', ['BRL']], ['$', ['USD', 'CAD', 'MXN', 'AUD', 'SGD', 'NZD', 'HKD']],
  ['€', ['EUR']], ['£', ['GBP']], ['¥', ['JPY', 'CNY']], ['￥', ['JPY', 'CNY']], ['円', ['JPY']], ['₹', ['INR']], ['Rs.', ['INR']],
  ['₩', ['KRW']], ['₺', ['TRY']], ['TL', ['TRY']], ['zł', ['PLN']], ['kr', ['SEK', 'NOK', 'DKK']], ['Kč', ['CZK']],
  ['Fr.', ['CHF']], ['ر.س', ['SAR']], ['د.إ', ['AED']], ['₽', ['RUB']], ['₪', ['ILS']], ['₱', ['PHP']], ['₫', ['VND']],
];

/** A three-letter ISO 4217 code written with the amount (`EUR 29,99`, `29.99 USD`), uppercase or not. */
const codePattern = /(?:^|[^A-Za-z])([A-Za-z]{3})(?![A-Za-z])/;

/** ISO 4217 codes of the currencies in use (a word such as `per` or `ab` is none). */
const codes: ReadonlySet<string> = new Set([
  'AED', 'ARS', 'AUD', 'BGN', 'BHD', 'BRL', 'CAD', 'CHF', 'CLP', 'CNY', 'COP', 'CZK', 'DKK', 'EGP', 'EUR', 'GBP', 'HKD',
  'HUF', 'IDR', 'ILS', 'INR', 'ISK', 'JOD', 'JPY', 'KES', 'KRW', 'KWD', 'MAD', 'MXN', 'MYR', 'NGN', 'NOK', 'NZD', 'OMR',
  'PEN', 'PHP', 'PKR', 'PLN', 'QAR', 'RON', 'RSD', 'RUB', 'SAR', 'SEK', 'SGD', 'THB', 'TRY', 'TWD', 'UAH', 'USD', 'VND', 'ZAR',
]);

/** An ISO 4217 code in any case (`usd`, ` EUR `), uppercase; `null` for anything else. */
export function currencyCode(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const code = value.trim().toUpperCase();
  return /^[A-Z]{3}$/.test(code) ? code : null;
}

/**
 * The number a page writes: digits with grouping and a decimal separator in either convention. With
 * both `.` and `,`, the last one is the decimal separator (`1,299.00`, `1.299,00`); with one of them
 * once, it groups thousands when exactly three digits follow (`$1,299`, `¥3,980`) and is the decimal
 * separator otherwise (`29,99`); repeated, it groups (`1.299.000`). Spaces and `'` group too
 * (`1 299,00`, `1'299.00`). `machine`: a value written for machines (a meta's `content`, JSON-LD),
 * where a lone `.` is always the decimal point (`1.299` is one and a bit). `null` for no such number.
 */
export function readAmount(text: string, machine = false): number | null {
  const written = text.trim();
  if (!/^\d[\d.,'’\s\u00a0\u202f]*$/.test(written) || /[.,'’\s\u00a0\u202f]{2}|[.,'’\s\u00a0\u202f]$/.test(written)) return null;
  // Spaces and apostrophes group thousands only: each must be followed by three digits.
  if (/[\s'’\u00a0\u202f](?!\d{3}(?:\D|$))/.test(written)) return null;
  const digits = written.replace(/[\s'’\u00a0\u202f]/g, '');
  const lastDot = digits.lastIndexOf('.');
  const lastComma = digits.lastIndexOf(',');
  let whole: string;
  let fraction = '';
  if (lastDot !== -1 && lastComma !== -1) {
    const decimal = lastDot > lastComma ? '.' : ',';
    const at = Math.max(lastDot, lastComma);
    whole = digits.slice(0, at);
    fraction = digits.slice(at + 1);
    if (whole.includes(decimal) || !grouped(whole, decimal === '.' ? ',' : '.')) return null;
  } else if (lastDot !== -1 || lastComma !== -1) {
    const separator = lastDot !== -1 ? '.' : ',';
    const parts = digits.split(separator);
    if (parts.length > 2) {
      if (!grouped(digits, separator)) return null;
      whole = digits;
    } else if (parts[1]!.length === 3 && !(machine && separator === '.') && parts[0] !== '0') {
      whole = digits;
    } else {
      whole = parts[0]!;
      fraction = parts[1]!;
    }
    whole = whole.split(separator).join('');
  } else {
    whole = digits;
  }
  whole = whole.replace(/[.,]/g, '');
  const amount = Number(fraction === '' ? whole : `${whole}.${fraction}`);
  return Number.isFinite(amount) && amount >= 0 ? amount : null;
}

/** Whether `digits` groups thousands with `separator`: a first group of 1–3 digits, then groups of three. */
function grouped(digits: string, separator: string): boolean {
  const groups = digits.split(separator);
  return groups[0]!.length >= 1 && groups[0]!.length <= 3 && groups.slice(1).every((group) => /^\d{3}$/.test(group));
}

/**
 * A price as a page shows it (`$1,299`, `1.299,00 €`, `EUR 29,99`, `₹ 1,499.00`): its amount and
 * currency. The currency is the code the text names, else its symbol's currency: an ambiguous symbol
 * (`$`) is read as `storeCurrency` when that is one of its currencies, else left `null`. A text that
 * is not one price (a range, words around it, a negative amount) gives `null`.
 */
export function readPrice(text: string, storeCurrency: string | null = null, machine = false): Price | null {
  let rest = text.replace(/[\u200e\u200f]/g, '').trim();
  if (rest === '' || rest.length > 40) return null;
  let named: string | null = null;
  let candidates: readonly string[] | null = null;
  const code = codePattern.exec(rest);
  if (code !== null && codes.has(code[1]!.toUpperCase())) {
    named = code[1]!.toUpperCase();
    rest = rest.replace(code[1]!, ' ');
  }
  for (const [symbol, currencies] of symbols) {
    const at = rest.indexOf(symbol);
    if (at === -1) continue;
    candidates = currencies;
    rest = `${rest.slice(0, at)} ${rest.slice(at + symbol.length)}`;
    break;
  }
  const amount = readAmount(rest, machine);
  if (amount === null) return null;
  let currency = named;
  if (currency === null && candidates !== null) {
    if (storeCurrency !== null && candidates.includes(storeCurrency)) currency = storeCurrency;
    else if (candidates.length === 1) currency = candidates[0]!;
  }
  return {amount, currency};
}
