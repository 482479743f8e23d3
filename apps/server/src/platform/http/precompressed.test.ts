// Prepared answers: the encoding a client takes, and each encoding made once, however many ask.
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it, vi } from 'vitest';
import { answerEncoding, preparedBody } from './precompressed';

describe('prepared answers', () => {
  it('go out in the encoding the client takes, brotli first, and none it refuses', () => {
    expect(answerEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(answerEncoding('gzip, br;q=0')).toBe('gzip');
    expect(answerEncoding('br;q=0.5, gzip;q=0.0')).toBe('br');
    expect(answerEncoding('identity')).toBeUndefined();
    expect(answerEncoding('')).toBeUndefined();
    expect(answerEncoding(undefined)).toBeUndefined();
  });

  it('decide an Accept-Encoding value asked again as the first time, kept or not', () => {
    for (let round = 0; round < 2; round++) {
      expect(answerEncoding('gzip, deflate, br, zstd')).toBe('br');
      expect(answerEncoding('gzip, br;q=0')).toBe('gzip');
      expect(answerEncoding('identity')).toBeUndefined();
      // Too long to be kept: decided again each time, the same way.
      expect(answerEncoding(`${'x-unknown;q=0.1, '.repeat(20)}gzip`)).toBe('gzip');
    }
  });

  const bytes = Buffer.from(
    JSON.stringify({ data: Array.from({ length: 400 }, (_, i) => ({ i, at: i * 7 })) }),
  );

  it('sent to many are squeezed hard once, a quick form going out meanwhile', async () => {
    const body = preparedBody(bytes);
    const first = body.encoded('br');
    // Asked again while it is being made: the same work, not a second one.
    expect(body.encoded('br')).toBe(first);
    expect(first).toBeInstanceOf(Promise);
    const quick = await first;
    expect(brotliDecompressSync(quick).equals(bytes)).toBe(true);
    expect(quick.length).toBeLessThan(bytes.length / 4);
    // Then the strong form, handed out without waiting from then on.
    await vi.waitFor(() => expect(body.encoded('br')).not.toBe(quick), { timeout: 5000, interval: 5 });
    const strong = body.encoded('br');
    expect(Buffer.isBuffer(strong)).toBe(true);
    expect(brotliDecompressSync(strong as Buffer).equals(bytes)).toBe(true);
    expect((strong as Buffer).length).toBeLessThanOrEqual(quick.length);
    expect(body.encoded('br')).toBe(strong);
    expect(gunzipSync(await body.encoded('gzip')).equals(bytes)).toBe(true);
  });

  it('sent once are compressed once per encoding, quickly, and then handed out without waiting', async () => {
    const body = preparedBody(bytes, 'once');
    const first = body.encoded('gzip');
    expect(body.encoded('gzip')).toBe(first);
    const made = await first;
    expect(gunzipSync(made).equals(bytes)).toBe(true);
    expect(body.encoded('gzip')).toBe(made);
  });
});
