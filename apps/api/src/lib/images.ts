import { createHash } from 'node:crypto';
import { LIMITS, UPLOAD_MESSAGES } from '@alumlink/contract';
import sharp, { type Metadata, type ResizeOptions } from 'sharp';
import { tooLarge, validation, type AppError } from './errors';
import type { MediaStorage } from './storage/index';

/** post: at most 2,048 px on the long side; avatar: a 256 px square. */
export type ImageKind = 'post' | 'avatar';

/** Larger images are refused before decoding (decompression bombs). */
export const MAX_INPUT_PIXELS = 40_000_000;
export const MAX_IMAGE_SIDE = 2_048;
export const AVATAR_SIDE = 256;

const FOLDER: Record<ImageKind, string> = { post: 'posts', avatar: 'avatars' };

/** The bytes are not an image we accept (not JPEG, PNG, WebP, GIF or AVIF, corrupt, or too many pixels). */
export class InvalidImageError extends Error {
  override name = 'InvalidImageError';
}

export type ProcessedImage = { bytes: Buffer; contentType: 'image/webp'; width: number; height: number };

const decoderOptions = { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' } as const;

/** True when sharp's metadata describes one of the accepted formats (AVIF is HEIF with AV1). */
function isAcceptedFormat(metadata: Metadata): boolean {
  switch (metadata.format) {
    case 'jpeg':
    case 'png':
    case 'webp':
    case 'gif':
      return true;
    case 'heif':
      return metadata.compression === 'av1';
    default:
      return false;
  }
}

/** Checks the bytes by decoding their header: format, dimensions and pixel count. */
export async function inspectImage(bytes: Buffer): Promise<Metadata> {
  if (bytes.length === 0) throw new InvalidImageError('empty file');
  let metadata: Metadata;
  try {
    metadata = await sharp(bytes, decoderOptions).metadata();
  } catch (error) {
    throw new InvalidImageError(`undecodable: ${(error as Error).message}`);
  }
  if (!isAcceptedFormat(metadata)) throw new InvalidImageError(`format not accepted: ${metadata.format}`);
  const { width, height } = metadata;
  if (!width || !height || width * height > MAX_INPUT_PIXELS) throw new InvalidImageError('bad dimensions');
  return metadata;
}

/**
 * Decodes and re-encodes an uploaded image as WebP: orientation applied, metadata (EXIF, GPS)
 * stripped, bounded in size. Throws InvalidImageError for anything that is not an accepted image.
 */
export async function processImage(bytes: Buffer, kind: ImageKind): Promise<ProcessedImage> {
  await inspectImage(bytes);
  const resize: ResizeOptions =
    kind === 'avatar'
      ? { width: AVATAR_SIDE, height: AVATAR_SIDE, fit: 'cover', position: 'attention' }
      : { width: MAX_IMAGE_SIDE, height: MAX_IMAGE_SIDE, fit: 'inside', withoutEnlargement: true };
  try {
    const { data, info } = await sharp(bytes, decoderOptions)
      .rotate()
      .resize(resize)
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
    return { bytes: data, contentType: 'image/webp', width: info.width, height: info.height };
  } catch (error) {
    throw new InvalidImageError(`cannot re-encode: ${(error as Error).message}`);
  }
}

/** Content-addressed key of processed bytes, e.g. `posts/<sha256>.webp`. */
export function imageKey(kind: ImageKind, bytes: Buffer): string {
  return `${FOLDER[kind]}/${createHash('sha256').update(bytes).digest('hex')}.webp`;
}

/** 400 `{<field>: ['Upload a valid image. ...']}`. */
export const invalidImage = (field = 'image'): AppError => validation({ [field]: [UPLOAD_MESSAGES.invalidImage] });

/** 413 `{detail, code: 'file_too_large'}`. */
export const fileTooLarge = (): AppError => tooLarge(UPLOAD_MESSAGES.fileTooLarge, 'file_too_large');

/**
 * Validates, re-encodes and stores an uploaded image; returns its storage key. Answers the
 * client's errors: 413 above LIMITS.uploadMaxBytes, 400 on `field` for anything not an image.
 */
export async function storeUploadedImage(storage: MediaStorage, bytes: Buffer, kind: ImageKind, field = 'image'): Promise<string> {
  if (bytes.length > LIMITS.uploadMaxBytes) throw fileTooLarge();
  let processed: ProcessedImage;
  try {
    processed = await processImage(bytes, kind);
  } catch (error) {
    if (error instanceof InvalidImageError) throw invalidImage(field);
    throw error;
  }
  const key = imageKey(kind, processed.bytes);
  await storage.put(key, processed.bytes, processed.contentType);
  return key;
}
