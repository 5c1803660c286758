import {meta} from '../rule-kit.js';
import type {SiteRules} from './site.js';
import {constant} from './site-kit.js';

/**
 * Telegram (t.me): a post's and a channel's page name the channel in og:title (the author of both),
 * og:description is the post's text or the channel's description, og:image the post's photo or the
 * channel's picture. `<title>` is `Telegram: View @name` / `Telegram: Contact @name`; a channel
 * without a description gets `If you have Telegram, you can view and join … right away.`, one
 * without a picture Telegram's logo: refused. A post's date is not in the page (only in its embed).
 */
export const telegram: SiteRules = {
  id: 'telegram',
  hosts: ['t.me', 'telegram.me', 'telegram.dog'],
  kinds: [
    {kind: 'post', example: 'https://t.me/harbournews/4521'},
    {kind: 'channel', example: 'https://t.me/harbournews'},
  ],
  rules: {
    author: [meta('og:title')],
    publisher: [constant('Telegram')],
  },
  refuse: {
    title: (value) => /^Telegram(?:: (?:Contact|View|Join Group Chat|Launch) .*| Messenger| – a new era of messaging)?$/.test(value),
    author: (value) => /^Telegram(?:: .*)?$/.test(value),
    description: (value) => /^(?:If you have Telegram, you can (?:view and join|contact) .+ right away\.|You can (?:view and join|contact) @\w+ right away\.)$/.test(value),
    image: (value) => /telegram\.org\/img\/t_logo/.test(value),
  },
};
