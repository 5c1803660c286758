import {meta} from '../rule-kit.js';
import type {SiteRules} from './site.js';
import {constant, matched, onPath, without} from './site-kit.js';

const shotPath = /^\/shots\/\d+/;
/** `Name by Designer for Team on Dribbble`: the shot's name, its designer and the team it was made for. */
const shotTitle = /^(.+) by (.+?)(?: for (.+?))? on Dribbble$/;

/**
 * Dribbble: a shot's og:title is `Name by Designer on Dribbble` (`… for Team on Dribbble` for a
 * team's shot), its og:image the shot, its og:description the designer's words, or, when there are
 * none, Dribbble's `Discover … designs on Dribbble` sentence (refused). A profile's og:title is
 * `Name | Dribbble`, its image the avatar.
 */
export const dribbble: SiteRules = {
  id: 'dribbble',
  hosts: ['dribbble.com', 'drbl.in'],
  kinds: [
    {kind: 'shot', example: 'https://dribbble.com/shots/23456789-Banking-App-Onboarding'},
    {kind: 'team-shot', example: 'https://dribbble.com/shots/23456790-Harbour-Logo'},
    {kind: 'profile', example: 'https://dribbble.com/annexample'},
  ],
  rules: {
    title: [onPath(shotPath, matched(meta('og:title'), shotTitle)), without(meta('og:title'), / \| Dribbble$/)],
    author: [onPath(shotPath, matched(meta('og:title'), shotTitle, 2)), onPath(/^\/[\w-]+\/?$/, matched(meta('og:title'), /^(.+?) \| Dribbble$/))],
    publisher: [constant('Dribbble')],
  },
  refuse: {
    title: (value) => /^Dribbble(?: - Discover the World’s Top Designers & Creative Professionals)?$/.test(value),
    // Dribbble's own sentences, served when the shot or the profile says nothing.
    description: (value) => /^Discover .* on Dribbble\. Your resource to discover and connect with designers worldwide\.?$|^Dribbble is the world’s leading/.test(value),
    image: (value) => /cdn\.dribbble\.com\/assets\/(?:dribbble-ball|logo|icon)/.test(value),
  },
};
