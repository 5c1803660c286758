import type {QueryResponse} from './embed.js';

/** The content type of every JSON answer of the endpoint. */
export const jsonType = 'application/json; charset=utf-8';

/** A JSON `fail` answer without a code, for HTTP-level mistakes (405, 404) that concern no URL. */
export function plainFail(status: number, message: string): QueryResponse {
  return {
    status,
    headers: {'content-type': jsonType, 'cache-control': 'no-store'},
    body: JSON.stringify({status: 'fail', message}),
  };
}
