import {fileURLToPath} from 'node:url';
import {describe, expect, it} from '@jest/globals';
import {runTs} from '../helpers/child.js';

const child = fileURLToPath(new URL('./bundled-youtube.child.ts', import.meta.url));
const cert = fileURLToPath(new URL('../fixtures/oembed/youtube-cert.pem', import.meta.url));
// The bundled endpoint is https://www.youtube.com/oembed: its stand-in must listen on port 443.
const canListenOn443 = process.platform === 'linux' && process.getuid?.() === 0;

describe('the bundled registry against a local TLS stand-in', () => {
  (canListenOn443 ? it : it.skip)(
    'sends https://youtu.be/abc to the bundled YouTube endpoint, over TLS, with url, format and maxwidth',
    async () => {
      const finished = await runTs(child, [], {NODE_EXTRA_CA_CERTS: cert});
      expect({code: finished.code, stderr: finished.stderr}).toEqual({code: 0, stderr: expect.any(String)});
      const {result, asked} = JSON.parse(finished.stdout) as {result: unknown; asked: string[]};
      expect(asked).toEqual(['GET www.youtube.com /oembed?url=https%3A%2F%2Fyoutu.be%2Fabc&format=json&maxwidth=200']);
      expect(result).toEqual({
        iframe: {html: '<iframe width="200" height="113" src="https://www.youtube.com/embed/abc?feature=oembed"></iframe>', scripts: []},
        fields: {title: 'Stand-in video', author: 'Stand-in author', publisher: 'YouTube', image: 'https://i.ytimg.com/vi/abc/hqdefault.jpg'},
      });
    },
  );

  (canListenOn443 ? it : it.skip)('gives null, sending no request, when the certificate is not trusted', async () => {
    const finished = await runTs(child);
    expect(finished.code).toBe(0);
    expect(JSON.parse(finished.stdout)).toEqual({result: {iframe: null, fields: {}}, asked: []});
  });
});
