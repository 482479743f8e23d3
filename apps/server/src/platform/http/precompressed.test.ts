// Prepared answers: the encoding a client takes, and each encoding made once, however many ask.
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
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

  it('are compressed once per encoding, and then handed out without waiting', async () => {
    const bytes = Buffer.from(JSON.stringify({ data: Array.from({ length: 200 }, (_, i) => ({ i })) }));
    const body = preparedBody(bytes);
    const first = body.encoded('br');
    // Asked again while it is being made: the same work, not a second one.
    expect(body.encoded('br')).toBe(first);
    expect(first).toBeInstanceOf(Promise);
    const made = await first;
    expect(brotliDecompressSync(made).equals(bytes)).toBe(true);
    expect(made.length).toBeLessThan(bytes.length / 4);
    expect(body.encoded('br')).toBe(made);
    expect(gunzipSync(await body.encoded('gzip')).equals(bytes)).toBe(true);
    expect(Buffer.isBuffer(body.encoded('gzip'))).toBe(true);
  });
});
