import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { bombPng, sampleImage } from '../test/uploads';
import { AVATAR_SIDE, DECODE_BYTES, decodeLanes, imageKey, InvalidImageError, MAX_IMAGE_SIDE, processImage } from './images';

describe('processImage', () => {
  it('re-encodes every accepted format to WebP', async () => {
    for (const format of ['png', 'jpeg', 'webp', 'gif', 'avif'] as const) {
      const result = await processImage(await sampleImage(40, 30, format), 'post');
      expect(result.contentType).toBe('image/webp');
      expect((await sharp(result.bytes).metadata()).format).toBe('webp');
      expect([result.width, result.height]).toEqual([40, 30]);
    }
  });

  it('bounds post images to 2,048 px on the long side without enlarging small ones', async () => {
    const large = await processImage(await sampleImage(4096, 1024, 'jpeg'), 'post');
    expect([large.width, large.height]).toEqual([MAX_IMAGE_SIDE, 512]);
    const small = await processImage(await sampleImage(300, 200, 'png'), 'post');
    expect([small.width, small.height]).toEqual([300, 200]);
  });

  it('makes avatars a 256 px square', async () => {
    const avatar = await processImage(await sampleImage(800, 300, 'png'), 'avatar');
    expect([avatar.width, avatar.height]).toEqual([AVATAR_SIDE, AVATAR_SIDE]);
  });

  it('applies the EXIF orientation, then strips EXIF', async () => {
    // 60 x 20 stored, orientation 6 (rotate 90°): shown as 20 x 60.
    const rotated = await sharp(await sampleImage(60, 20, 'png'))
      .jpeg()
      .withMetadata({ orientation: 6, exif: { IFD0: { Copyright: 'secret-gps-place' } } })
      .toBuffer();
    expect((await sharp(rotated).metadata()).exif).toBeDefined();
    const result = await processImage(rotated, 'post');
    const metadata = await sharp(result.bytes).metadata();
    expect([metadata.width, metadata.height]).toEqual([20, 60]);
    expect(metadata.exif).toBeUndefined();
    expect(metadata.orientation).toBeUndefined();
    expect(result.bytes.includes(Buffer.from('secret-gps-place'))).toBe(false);
  });

  it.each([
    ['text', Buffer.from('this is not a picture at all')],
    ['empty', Buffer.alloc(0)],
    ['svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>')],
    ['decompression bomb', bombPng()],
  ])('refuses %s', async (_name, bytes) => {
    await expect(processImage(bytes, 'post')).rejects.toBeInstanceOf(InvalidImageError);
  });

  it('refuses formats outside the list (TIFF) and truncated images', async () => {
    await expect(processImage(await sampleImage(10, 10, 'tiff'), 'post')).rejects.toBeInstanceOf(InvalidImageError);
    const png = await sampleImage(200, 200, 'png');
    await expect(processImage(png.subarray(0, Math.floor(png.length / 2)), 'post')).rejects.toBeInstanceOf(InvalidImageError);
  });

  it('names files by the sha256 of their bytes', () => {
    const key = imageKey('post', Buffer.from('abc'));
    expect(key).toBe('posts/ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad.webp');
    expect(imageKey('avatar', Buffer.from('abc')).startsWith('avatars/')).toBe(true);
  });
});

describe('decodeLanes', () => {
  const GB = 1024 ** 3;

  it('allows as many decodes as fit in a quarter of the memory, at most half the cores, at least one', () => {
    expect(DECODE_BYTES).toBe(320_000_000);
    expect(decodeLanes(24 * GB, 2)).toBe(1);
    expect(decodeLanes(64 * GB, 16)).toBe(8);
    // 4 GB: a quarter is 1 GB, room for 3 decodes of 320 MB even with 32 cores.
    expect(decodeLanes(4 * GB, 32)).toBe(3);
    expect(decodeLanes(512 * 1024 ** 2, 8)).toBe(1);
    expect(decodeLanes(64 * GB, 1)).toBe(1);
  });
});
