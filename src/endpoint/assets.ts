// The static files the endpoint serves under its mount: the card element's module always (a page
// on the endpoint's origin loads it with <script type="module" src="<mount>/link-preview.js">),
// the playground's page assets when the playground is on.
import {cardModule} from '../card/card-module.js';
import {cardAsset} from './card-asset.js';
import type {QueryResponse} from './embed.js';
import {playgroundAnswer} from './playground.js';

/** The answer for the asset `name` (a path under the mount without its leading slash), or `undefined`. */
export function endpointAsset(name: string, playground: boolean): QueryResponse | undefined {
  if (name === cardAsset) {
    return {
      status: 200,
      headers: {
        'content-type': 'text/javascript; charset=utf-8',
        'cache-control': 'public, max-age=3600',
        'x-content-type-options': 'nosniff',
        // A module script from another origin is fetched with CORS; the code is the same for everyone.
        'access-control-allow-origin': '*',
      },
      body: cardModule,
    };
  }
  return playground ? playgroundAnswer(name) : undefined;
}
