import {beforeAll, describe, expect, it} from '@jest/globals';
import {LinkpeekError} from '../../src/errors.js';
import {
  dataRuleTypes, maxDataAttrs, maxDataDepth, maxDataRules, maxRuleNameLength, maxSelectorLength, normalizeDataRules,
} from '../../src/rules/data-rules.js';
import {loadCssSelect} from '../../src/shared/lazy-css-select.js';

// css-select loads on first use (src/shared/lazy-css-select.ts); extract() and the endpoint load it
// before they check selectors, and so does this file (jest cannot require an ES module, as Node does).
beforeAll(() => loadCssSelect());

/** The EINVALOPTION error `value` gives, as {message, data}. */
function errorOf(value: unknown): {message: string; data: unknown} {
  try {
    normalizeDataRules(value);
  } catch (error) {
    expect(error).toBeInstanceOf(LinkpeekError);
    const {code, message, data} = error as LinkpeekError;
    expect(code).toBe('EINVALOPTION');
    return {message, data};
  }
  throw new Error(`normalizeDataRules accepted ${JSON.stringify(value)}`);
}

/** A rule nested `levels` deep: level 1 is the top-level rule. */
function nested(levels: number): unknown {
  let rule: unknown = {selector: 'b'};
  for (let level = 1; level < levels; level++) rule = {selector: 'div', attr: {inner: rule}};
  return {top: rule};
}

describe('normalizeDataRules: what it accepts', () => {
  it('fills the defaults (attr text, type string) and keeps the order of the rules', () => {
    const rules = normalizeDataRules({title: {selector: 'h1'}, links: {selectorAll: 'a', attr: 'HREF', type: 'url'}});
    expect(rules.map(({name, path, rules}) => ({
      name, path, rules: rules.map(({path, match, selector, attrs, fields, type}) => ({path, match, selector: selector?.source, attrs, fields, type})),
    }))).toEqual([
      {name: 'title', path: 'data.title', rules: [{path: 'data.title', match: 'first', selector: 'h1', attrs: ['text'], fields: null, type: 'string'}]},
      {name: 'links', path: 'data.links', rules: [{path: 'data.links', match: 'all', selector: 'a', attrs: ['href'], fields: null, type: 'url'}]},
    ]);
  });

  it('gives no rules for undefined and for an empty object', () => {
    expect(normalizeDataRules(undefined)).toEqual([]);
    expect(normalizeDataRules({})).toEqual([]);
  });

  it('reads a fallback list, attr lists, the pseudo-attributes in any case, and nested rules with and without selectors', () => {
    const [price, card] = normalizeDataRules({
      price: [{selector: '[itemprop=price]', attr: ['content', 'TEXT'], type: 'number'}, {selector: '.price', attr: 'OuterHTML'}],
      card: {selectorAll: '.card', attr: {id: {attr: 'data-id', type: 'number'}, title: [{selector: '> h2'}, {selector: 'h3'}]}},
    });
    expect(price?.rules.map((rule) => [rule.path, rule.attrs, rule.type])).toEqual([
      ['data.price.0', ['content', 'text'], 'number'],
      ['data.price.1', ['outerHTML'], 'string'],
    ]);
    const fields = card?.rules[0]?.fields ?? [];
    expect(fields.map((field) => [field.path, field.rules.map((rule) => [rule.path, rule.match, rule.selector?.source ?? null])])).toEqual([
      ['data.card.attr.id', [['data.card.attr.id', 'self', null]]],
      ['data.card.attr.title', [['data.card.attr.title.0', 'first', '> h2'], ['data.card.attr.title.1', 'first', 'h3']]],
    ]);
  });

  it('accepts every documented type', () => {
    const rules = normalizeDataRules(Object.fromEntries(dataRuleTypes.map((type) => [type, {selector: 'x', type}])));
    expect(rules.map((field) => field.rules[0]?.type)).toEqual(['string', 'number', 'boolean', 'date', 'url', 'image', 'audio', 'video', 'email']);
  });

  it('accepts fallbacks giving one kind of media, or media and plain values', () => {
    expect(() => normalizeDataRules({
      image: [{selector: 'img', attr: 'src', type: 'image'}, {selector: 'meta', attr: 'content', type: 'image'}, {selector: 'p'}],
    })).not.toThrow();
  });
});

describe('normalizeDataRules: every error names the rule path', () => {
  it.each<[string, unknown, string]>([
    ['data not an object', 'price', 'Option `data` must be an object. Received "price".'],
    ['data an array', [{selector: 'a'}], 'Option `data` must be an object. Received an array.'],
    ['a primitive rule', {foo: 'html'}, 'Option `data.foo` must be a rule object such as {selector, attr, type}. Received "html".'],
    ['a null rule', {foo: null}, 'Option `data.foo` must be a rule object such as {selector, attr, type}. Received null.'],
    ['an empty fallback list', {foo: []}, 'Option `data.foo` must be a rule or a non-empty list of fallback rules. Received an array.'],
    ['a primitive fallback', {foo: [{selector: 'a'}, 3]}, 'Option `data.foo.1` must be a rule object such as {selector, attr, type}. Received 3.'],
    ['an empty name', {'': {selector: 'a'}}, 'Option `data` has a rule with an empty name.'],
    ['a dotted name', {'a.b': {selector: 'a'}}, `Option \`data.a.b\` is not a valid rule name: use letters, digits, '_', '$' and '-', not starting with a digit or '-', at most ${maxRuleNameLength} characters.`],
    ['a name starting with a digit', {'0': {selector: 'a'}}, `Option \`data.0\` is not a valid rule name: use letters, digits, '_', '$' and '-', not starting with a digit or '-', at most ${maxRuleNameLength} characters.`],
    ['a name too long', {['n'.repeat(maxRuleNameLength + 1)]: {selector: 'a'}}, `Option \`data.${'n'.repeat(maxRuleNameLength + 1)}\` is not a valid rule name: use letters, digits, '_', '$' and '-', not starting with a digit or '-', at most ${maxRuleNameLength} characters.`],
    ['neither selector', {price: {attr: 'content'}}, 'Option `data.price` needs a `selector` (first match) or a `selectorAll` (every match).'],
    ['both selectors', {price: {selector: 'a', selectorAll: 'b'}}, 'Option `data.price` takes `selector` (first match) or `selectorAll` (every match), not both.'],
    ['an unknown key with a hint', {price: {selector: '.p', atr: 'content'}}, 'Unknown option `data.price.atr`. Did you mean `data.price.attr`?'],
    ['an unknown key in a fallback', {price: [{selector: '.p'}, {selectorall: '.q'}]}, 'Unknown option `data.price.1.selectorall`. Did you mean `data.price.1.selectorAll`?'],
    ['evaluate', {price: {selector: '.p', evaluate: 'x => x'}}, 'Option `data.price.evaluate` is not supported: linkpeek runs no code from a call.'],
    ['an invalid selector', {price: {selector: '.price['}}, 'Option `data.price.selector` is not a valid CSS selector'],
    ['an unknown pseudo-class', {price: {selectorAll: 'p:bogus'}}, 'Option `data.price.selectorAll` is not a valid CSS selector'],
    ['a pseudo-element', {price: {selector: 'p::before'}}, 'Option `data.price.selector` is not a valid CSS selector'],
    ['an empty selector', {price: {selector: '  '}}, 'Option `data.price.selector` must be a non-empty CSS selector. Received "  ".'],
    ['a selector not a string', {price: {selector: 3}}, 'Option `data.price.selector` must be a non-empty CSS selector. Received 3.'],
    ['a selector too long', {price: {selector: 'p'.repeat(maxSelectorLength + 1)}}, `Option \`data.price.selector\` must be at most ${maxSelectorLength} characters.`],
    ['an unknown type with a hint', {price: {selector: '.p', type: 'numbr'}}, "Option `data.price.type` must be one of 'string', 'number', 'boolean', 'date', 'url', 'image', 'audio', 'video', 'email' (did you mean 'number'?). Received \"numbr\"."],
    ['an unknown type', {price: {selector: '.p', type: 'markdown'}}, "Option `data.price.type` must be one of 'string', 'number', 'boolean', 'date', 'url', 'image', 'audio', 'video', 'email'. Received \"markdown\"."],
    ['a bad attr', {price: {selector: '.p', attr: 3}}, 'Option `data.price.attr` must be an attribute name, a list of them, or an object of nested rules. Received 3.'],
    ['a bad attribute name', {price: {selector: '.p', attr: 'data price'}}, "Option `data.price.attr` must be 'text', 'html', 'outerHTML' or an attribute name. Received \"data price\"."],
    ['a bad name in an attr list', {price: {selector: '.p', attr: ['content', '']}}, "Option `data.price.attr.1` must be 'text', 'html', 'outerHTML' or an attribute name. Received \"\"."],
    ['an empty attr list', {price: {selector: '.p', attr: []}}, `Option \`data.price.attr\` must list from 1 to ${maxDataAttrs} attributes. Received an array.`],
    ['a long attr list', {price: {selector: '.p', attr: Array.from({length: maxDataAttrs + 1}, (_, index) => `data-${index}`)}}, `Option \`data.price.attr\` must list from 1 to ${maxDataAttrs} attributes. Received an array.`],
    ['html read as a number', {price: {selector: '.p', attr: ['content', 'html'], type: 'number'}}, "Option `data.price.type` must be 'string' when `attr` reads 'html' or 'outerHTML'. Received \"number\"."],
    ['a type beside nested rules', {cards: {selectorAll: '.c', attr: {t: {selector: 'h2'}}, type: 'string'}}, 'Option `data.cards.type` cannot be set on a rule whose `attr` holds nested rules.'],
    ['no nested rule', {cards: {selectorAll: '.c', attr: {}}}, 'Option `data.cards.attr` must hold at least one nested rule.'],
    ['a bad nested rule', {cards: {selectorAll: '.c', attr: {title: {selector: 'h2', type: 'text'}}}}, "Option `data.cards.attr.title.type` must be one of 'string', 'number', 'boolean', 'date', 'url', 'image', 'audio', 'video', 'email'. Received \"text\"."],
    ['a bad nested selector in a fallback', {cards: [{selector: 'a'}, {selectorAll: '.c', attr: {title: [{selector: 'h2'}, {selector: 'h3:nth-child(x)'}]}}]}, 'Option `data.cards.1.attr.title.1.selector` is not a valid CSS selector'],
    ['a primitive nested rule', {cards: {selectorAll: '.c', attr: {title: 'h2'}}}, 'Option `data.cards.attr.title` must be a rule object such as {selector, attr, type}. Received "h2".'],
    ['fallbacks giving two kinds of media', {media: [{selector: 'img', attr: 'src', type: 'image'}, {selector: 'video', attr: 'src', type: 'video'}]}, "Option `data.media.1.type` must be 'image' like its fallback `data.media.0`: fallbacks give one kind of media. Received \"video\"."],
    ['nested fallbacks giving two kinds of media at one place', {
      card: [
        {selector: '.a', attr: {cover: {selector: 'img', attr: 'src', type: 'image'}}},
        {selector: '.b', attr: {cover: {selector: 'audio', attr: 'src', type: 'audio'}}},
      ],
    }, "Option `data.card.1.attr.cover.type` must be 'image' like its fallback `data.card.0.attr.cover`: fallbacks give one kind of media. Received \"audio\"."],
    ['media and nested rules at one place', {
      cover: [{selector: 'img', attr: 'src', type: 'image'}, {selector: 'figure', attr: {url: {selector: 'img', attr: 'src'}}}],
    }, 'Option `data.cover.1.attr` cannot hold nested rules where its fallback `data.cover.0` gives media.'],
  ])('%s', (_, value, message) => {
    expect(errorOf(value).message.startsWith(message)).toBe(true);
  });

  it('shows the selector engine\'s reason and keys the error data by the rule path', () => {
    expect(errorOf({price: {selector: 'p:bogus'}})).toEqual({
      message: 'Option `data.price.selector` is not a valid CSS selector (Unknown pseudo-class :bogus). Received "p:bogus".',
      data: {'data.price.selector': 'is not a valid CSS selector (Unknown pseudo-class :bogus)'},
    });
    expect(errorOf({cards: {selectorAll: '.c', attr: {title: {selector: 'h2', atr: 'x'}}}}).data)
      .toEqual({'data.cards.attr.title.atr': 'is not a known option'});
  });

  it('rejects __proto__ as a name, also as an own key from JSON', () => {
    expect(errorOf(JSON.parse('{"__proto__": {"selector": "a"}}')).message)
      .toMatch(/^Option `data.__proto__` is not a valid rule name/);
  });
});

describe('normalizeDataRules: limits', () => {
  it(`takes ${maxDataRules} rules, counting fallbacks and nested rules, and refuses one more`, () => {
    const flat = (count: number) => Object.fromEntries(Array.from({length: count}, (_, index) => [`r${index}`, {selector: 'p'}]));
    expect(normalizeDataRules(flat(maxDataRules))).toHaveLength(maxDataRules);
    expect(errorOf(flat(maxDataRules + 1)).message).toBe(`Option \`data\` must hold at most ${maxDataRules} rules (nested and fallback rules count).`);
    // 1 parent + 48 nested + 2 fallbacks = 51
    const mixed = {
      list: {selectorAll: '.c', attr: Object.fromEntries(Array.from({length: maxDataRules - 2}, (_, index) => [`f${index}`, {selector: 'p'}]))},
      other: [{selector: 'a'}, {selector: 'b'}],
    };
    expect(errorOf(mixed).message).toBe(`Option \`data\` must hold at most ${maxDataRules} rules (nested and fallback rules count).`);
  });

  it(`nests rules ${maxDataDepth} levels deep and no deeper`, () => {
    expect(() => normalizeDataRules(nested(maxDataDepth))).not.toThrow();
    expect(errorOf(nested(maxDataDepth + 1)).message).toBe(
      `Option \`data.top.attr.inner.attr.inner.attr.inner.attr.inner.attr\` nests rules deeper than ${maxDataDepth} levels.`,
    );
  });

  it(`takes a selector of ${maxSelectorLength} characters and an attr list of ${maxDataAttrs}`, () => {
    const selector = `${'div '.repeat((maxSelectorLength - 1) / 4)}p`.padEnd(maxSelectorLength, ' ');
    expect(selector).toHaveLength(maxSelectorLength);
    expect(() => normalizeDataRules({a: {selector, attr: Array.from({length: maxDataAttrs}, (_, index) => `data-${index}`)}})).not.toThrow();
  });
});
