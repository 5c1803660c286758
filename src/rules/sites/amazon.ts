import {meta} from '../rule-kit.js';
import type {SiteRules} from './site.js';
import {constant, documentTitle, h1, imageOfHeading, mapped} from './site-kit.js';

/** `Amazon.com: Name : Electronics` → `Name`: the store's prefix and the category after the last ` : `. */
const productName = (value: string): string | null => {
  const name = value.replace(/^Amazon(?:\.[a-z]{2,3}){1,2}\s*:\s*/i, '');
  return name === value ? value : name.replace(/ : [^:]+$/, '');
};

/**
 * Amazon, every country domain: the product's name is the `<h1>` (#productTitle); `<title>` and the
 * `title` meta wrap it in the store's prefix and a category. The product photo is the `<img>` whose
 * alt is that name (the first images of the page are banners). The brand store link is not an author.
 */
export const amazon: SiteRules = {
  id: 'amazon',
  hosts: ['amazon.*', 'amzn.to', 'amzn.eu', 'a.co'],
  kinds: [
    {kind: 'product', example: 'https://www.amazon.com/Example-Kettle-Stainless-Steel/dp/B0EXAMPLE1'},
    {kind: 'product-uk', example: 'https://www.amazon.co.uk/dp/B0EXAMPLE2'},
    {kind: 'book', example: 'https://www.amazon.de/-/en/dp/B0EXAMPLE3'},
  ],
  rules: {
    title: [h1, mapped('meta(title) without Amazon:', meta('title'), productName), mapped('document(title) without Amazon:', documentTitle, productName)],
    description: [mapped('meta(description) without Amazon:', meta('description'), (value) => productName(value))],
    publisher: [constant('Amazon')],
    image: [imageOfHeading],
  },
  refuse: {
    title: (value) => /^Amazon(?:\.[a-z.]+)?(?:\s*:.*Online Shopping.*)?$/i.test(value),
    author: (value) => /^(?:Visit the .+ Store|Brand: .+)$/.test(value),
    image: (value) => /\/images\/G\/\d+\/(?:gno|nav|x-locale|navbar|sprites?)|fls-[a-z]+\.amazon\./.test(value),
  },
};
