import { randomBytes } from 'node:crypto';
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { stitchBody } from './nonce-stitching.js';

const nonceOf = () => randomBytes(16).toString('base64');

/** A page like the site's: the nonce in preload links at the top and scripts at the end. */
function page(nonce: string, paragraphs = 2000): string {
  let body = `<!DOCTYPE html><html><head><link rel="modulepreload" href="/a.js" nonce="${nonce}"><link rel="modulepreload" href="/b.js" nonce="${nonce}"></head><body>`;
  for (let i = 0; i < paragraphs; i++)
    body += `<p class="x">Paragraph ${i} about marine biology — café ${i % 7}</p>`;
  return `${body}<script nonce="${nonce}">window.__CANOPY_STATE__={"a":1}</script><script type="module" src="/e.js" nonce="${nonce}" async=""></script></body></html>`;
}

describe('stitchBody', () => {
  for (const encoding of ['br', 'gzip'] as const) {
    const decode = encoding === 'br' ? brotliDecompressSync : gunzipSync;

    it(`makes ${encoding} streams that decode to the page with each answer's own nonce`, async () => {
      const stored = nonceOf();
      const body = page(stored);
      const stitched = await stitchBody(body, stored, encoding, { brotliQuality: 3 });
      expect(stitched).not.toBeNull();
      const seen = new Set<string>();
      for (let i = 0; i < 50; i++) {
        const fresh = nonceOf();
        const decoded = decode(stitched?.withNonce(fresh) ?? Buffer.alloc(0)).toString();
        expect(decoded).toBe(body.split(stored).join(fresh));
        seen.add(fresh);
      }
      expect(seen.size).toBe(50);
    });

    it(`compresses ${encoding} about as well as compressing the whole page`, async () => {
      const stored = nonceOf();
      const body = page(stored);
      const stitched = await stitchBody(body, stored, encoding, { brotliQuality: 3 });
      const whole =
        encoding === 'br'
          ? brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 3 } })
          : gzipSync(body);
      const size = stitched?.withNonce(nonceOf()).length ?? Number.POSITIVE_INFINITY;
      expect(size).toBeLessThan(whole.length * 1.1);
    });

    it(`keeps the page's non-ASCII text and a page of one segment intact (${encoding})`, async () => {
      const stored = nonceOf();
      const body = `<p>Ysgol — Prifysgol Aberwen ✓ 🌊</p><script nonce="${stored}">1</script>`;
      const stitched = await stitchBody(body, stored, encoding, { brotliQuality: 3 });
      const fresh = nonceOf();
      expect(decode(stitched?.withNonce(fresh) ?? Buffer.alloc(0)).toString()).toBe(
        body.replace(stored, fresh),
      );
    });
  }

  it('stays exact at every brotli quality a site may set', async () => {
    const stored = nonceOf();
    const body = page(stored, 300);
    for (const quality of [0, 1, 4, 5, 9, 11]) {
      const stitched = await stitchBody(body, stored, 'br', { brotliQuality: quality });
      for (let i = 0; i < 10; i++) {
        const fresh = nonceOf();
        const decoded = brotliDecompressSync(stitched?.withNonce(fresh) ?? Buffer.alloc(0)).toString();
        expect(decoded).toBe(body.split(stored).join(fresh));
      }
    }
  });

  it('declines a body without the nonce, so the caller compresses per request', async () => {
    expect(await stitchBody('<p>no scripts</p>', nonceOf(), 'br', { brotliQuality: 3 })).toBeNull();
  });

  it('still stitches when the body uses every control byte (placeholders take bytes UTF-8 never has)', async () => {
    const stored = nonceOf();
    const control = Array.from({ length: 32 }, (_, code) => String.fromCharCode(code)).join('');
    const body = `<p>${control}\u00ff</p><script nonce="${stored}">1</script>`;
    // Bytes 0xC0, 0xC1 and 0xF5–0xFF never occur in UTF-8: some are still free.
    const stitched = await stitchBody(body, stored, 'br', { brotliQuality: 3 });
    const fresh = nonceOf();
    expect(brotliDecompressSync(stitched?.withNonce(fresh) ?? Buffer.alloc(0)).toString()).toBe(
      body.replace(stored, fresh),
    );
  });
});
