import { crc32 } from 'node:zlib';
import { AVATAR_BYTES_MAX } from '@td/contracts/profile';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../platform/errors';
import {
  IMAGE_DECODES_RUNNING_MAX,
  IMAGE_DECODES_WAITING_MAX,
  imageDecoding,
  processAvatar,
  processUploadedImage,
} from './avatar-image';

const RED = { r: 220, g: 40, b: 40 };
const BLUE = { r: 30, g: 60, b: 220 };

const solid = (width = 300, height = 200) =>
  sharp({ create: { width, height, channels: 3, background: RED } });

/** The error processAvatar rejects with; fails the test if it resolves. */
async function refusal(input: Buffer): Promise<AppError> {
  const error = await processAvatar(input).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error, 'processAvatar should refuse this input').toBeInstanceOf(AppError);
  return error as AppError;
}

async function expectAvatar(output: Buffer) {
  const metadata = await sharp(output).metadata();
  expect(metadata.format).toBe('webp');
  expect([metadata.width, metadata.height]).toEqual([256, 256]);
  expect(metadata.exif).toBeUndefined();
  expect(metadata.icc).toBeUndefined();
  expect(metadata.xmp).toBeUndefined();
}

/** A PNG whose header declares another size: a real one that large would take seconds to build. */
function withDeclaredSize(png: Buffer, width: number, height: number): Buffer {
  const copy = Buffer.from(png);
  // Signature (8), IHDR length (4), "IHDR" (4), then width and height; the CRC covers type and data.
  copy.writeUInt32BE(width, 16);
  copy.writeUInt32BE(height, 20);
  copy.writeUInt32BE(crc32(copy.subarray(12, 29)), 29);
  return copy;
}

describe('processAvatar', () => {
  it.each([
    ['PNG', () => solid().png().toBuffer()],
    ['JPEG', () => solid().jpeg().toBuffer()],
    ['WebP', () => solid().webp().toBuffer()],
  ])('turns a %s into a 256×256 WebP without metadata', async (_name, make) => {
    await expectAvatar(await processAvatar(await make()));
  });

  it('strips EXIF, ICC and XMP, and applies the EXIF orientation', async () => {
    // Left half red, right half blue; orientation 6 means "rotate 90° clockwise to view", which
    // puts red on top.
    const input = await sharp({ create: { width: 200, height: 100, channels: 3, background: BLUE } })
      .composite([
        {
          input: { create: { width: 100, height: 100, channels: 3, background: RED } },
          left: 0,
          top: 0,
        },
      ])
      .withMetadata({ orientation: 6, exif: { IFD0: { Copyright: 'secret-owner' } } })
      .withIccProfile('p3')
      .jpeg()
      .toBuffer();
    const input1 = await sharp(input).metadata();
    expect(input1.orientation).toBe(6);
    expect(input1.exif).toBeDefined();

    const output = await processAvatar(input);
    await expectAvatar(output);
    expect(output.includes('secret-owner')).toBe(false);
    const { data, info } = await sharp(output).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => {
      const i = (y * info.width + x) * info.channels;
      return [data[i] ?? 0, data[i + 1] ?? 0, data[i + 2] ?? 0] as const;
    };
    const [topR, , topB] = pixel(128, 20);
    const [bottomR, , bottomB] = pixel(128, 235);
    expect(topR).toBeGreaterThan(topB);
    expect(bottomB).toBeGreaterThan(bottomR);
  });

  it.each([
    ['GIF', () => solid().gif().toBuffer()],
    ['SVG', async () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"/>')],
    ['PDF', async () => Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<<>>\nendobj\n', 'latin1')],
    ['plain text', async () => Buffer.from('just some text, not an image at all')],
    ['an empty file', async () => Buffer.alloc(0)],
  ])('refuses %s as an unsupported type', async (_name, make) => {
    const error = await refusal(await make());
    expect(error).toMatchObject({
      code: 'UNSUPPORTED_MEDIA_TYPE',
      status: 415,
      message: 'Upload a PNG, JPEG or WebP image',
    });
  });

  it('refuses a file whose first bytes claim one format while the rest is another', async () => {
    const gif = await solid().gif().toBuffer();
    const fakePng = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), gif]);
    expect((await refusal(fakePng)).status).toBeGreaterThanOrEqual(400);
    expect((await refusal(fakePng)).status).toBeLessThan(500);
  });

  it('accepts a polyglot (a PNG with a script and a ZIP appended) and keeps none of the extra bytes', async () => {
    const png = await solid().png().toBuffer();
    const zipHeader = Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x00, 0x00, 0x08, 0x00]);
    const polyglot = Buffer.concat([
      png,
      Buffer.from('<script>alert(1)</script>'),
      zipHeader,
      Buffer.alloc(64),
    ]);
    const output = await processAvatar(polyglot);
    await expectAvatar(output);
    expect(output.includes('<script>')).toBe(false);
    expect(output.includes('alert(1)')).toBe(false);
    expect(output.includes('PK')).toBe(false);
  });

  it('refuses a file over 2 MiB before reading it', async () => {
    const png = await solid().png().toBuffer();
    const big = Buffer.concat([png, Buffer.alloc(AVATAR_BYTES_MAX + 1 - png.length)]);
    expect(big.length).toBe(AVATAR_BYTES_MAX + 1);
    expect(await refusal(big)).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      status: 413,
      message: 'The image must be at most 2 MB',
    });
  });

  it('accepts a file of exactly 2 MiB', async () => {
    const png = await solid().png().toBuffer();
    const exact = Buffer.concat([png, Buffer.alloc(AVATAR_BYTES_MAX - png.length)]);
    await expectAvatar(await processAvatar(exact));
  });

  it.each([
    ['PNG', (image: sharp.Sharp) => image.png()],
    ['JPEG', (image: sharp.Sharp) => image.jpeg()],
  ])('refuses a truncated %s with a 4xx, without crashing', async (_name, encode) => {
    // Noise, so the pixel data is large and a cut lands in the middle of it.
    const noise = Buffer.from(Array.from({ length: 300 * 300 * 3 }, (_, i) => (i * 7919) % 251));
    const whole = await encode(sharp(noise, { raw: { width: 300, height: 300, channels: 3 } })).toBuffer();
    const error = await refusal(whole.subarray(0, Math.floor(whole.length / 2)));
    expect(error.code).toBe('VALIDATION');
    expect(error.status).toBe(400);
  });

  it('refuses a decompression bomb (20000×20000 declared) before decoding it', async () => {
    const bomb = withDeclaredSize(await solid(64, 64).png().toBuffer(), 20_000, 20_000);
    expect((await sharp(bomb, { limitInputPixels: false }).metadata()).width).toBe(20_000);
    const startedMs = Date.now();
    const error = await refusal(bomb);
    expect(error.status).toBe(400);
    expect(error.code).toBe('VALIDATION');
    expect(error.details).toEqual([{ field: 'body.image', message: expect.stringMatching(/40 megapixels/) }]);
    expect(Date.now() - startedMs).toBeLessThan(1_000);
  });

  it('holds a lower pixel limit where one is asked for, naming the field', async () => {
    // 5000 × 4000 = 20 megapixels: within the avatars' 40, over a limit of 16.
    const large = withDeclaredSize(await solid(64, 64).png().toBuffer(), 5_000, 4_000);
    const error = await processUploadedImage(large, {
      fit: 'inside',
      sidePx: 1600,
      pixelsMax: 16_000_000,
      field: 'body.screenshot',
    }).then(
      () => undefined,
      (e: unknown) => e as AppError,
    );
    expect(error).toMatchObject({ status: 400, code: 'VALIDATION' });
    expect(error?.details).toEqual([
      {
        field: 'body.screenshot',
        message: 'The image has too many pixels (5000 × 4000): at most 16 megapixels',
      },
    ]);
  });

  it('refuses an image at once with a 503 while the decoder and its queue are full', async () => {
    const png = await solid().png().toBuffer();
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const occupants = Array.from({ length: IMAGE_DECODES_RUNNING_MAX + IMAGE_DECODES_WAITING_MAX }, () =>
      imageDecoding.run(() => held),
    );
    try {
      expect(imageDecoding.stats).toEqual({
        running: IMAGE_DECODES_RUNNING_MAX,
        waiting: IMAGE_DECODES_WAITING_MAX,
      });
      expect(await refusal(png)).toMatchObject({ code: 'UNAVAILABLE', status: 503, retryAfterS: 1 });
    } finally {
      release();
      await Promise.all(occupants);
    }
    // Once the slots are free, the same image goes through.
    await expectAvatar(await processAvatar(png));
    expect(imageDecoding.stats).toEqual({ running: 0, waiting: 0 });
  });

  it('refuses an image smaller than 32×32', async () => {
    expect(await refusal(await solid(31, 200).png().toBuffer())).toMatchObject({
      code: 'VALIDATION',
      message: 'The image must be at least 32 × 32 pixels',
    });
    await expectAvatar(await processAvatar(await solid(32, 32).png().toBuffer()));
  });

  it('handles a very long, thin image within the pixel limit', async () => {
    await expectAvatar(await processAvatar(await solid(32, 20_000).png().toBuffer()));
  });
});
