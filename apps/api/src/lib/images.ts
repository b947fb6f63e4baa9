import { createHash } from 'node:crypto';
import { availableParallelism, totalmem } from 'node:os';
import { LIMITS, UPLOAD_MESSAGES } from '@alumlink/contract';
import sharp, { type Metadata, type ResizeOptions } from 'sharp';
import { createTaskLimiter } from './concurrency';
import { serverBusy, tooLarge, validation, type AppError } from './errors';
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

/**
 * Memory one decode may take: the whole image at 8 bytes a pixel (16-bit RGBA, or 8-bit RGBA
 * plus the resize's working copy), since an interlaced PNG is decoded into memory at once.
 * Measured: a 36-megapixel interlaced RGB PNG peaks at about 200 MB; this allows 320 MB.
 */
export const DECODE_BYTES = MAX_INPUT_PIXELS * 8;

/** Share of the process's memory that image decoding may take at once. */
const DECODE_MEMORY_SHARE = 0.25;

/**
 * How many images may decode at once: as many as fit in a quarter of the memory (the container's
 * limit when there is one) at DECODE_BYTES each, at most half the cores (decoding is CPU-bound and
 * the event loop needs a core), at least one. 24 GB and 2 cores → 1; 64 GB and 16 cores → 8.
 */
export function decodeLanes(memoryBytes: number, cores: number): number {
  const byMemory = Math.floor((memoryBytes * DECODE_MEMORY_SHARE) / DECODE_BYTES);
  return Math.max(1, Math.min(byMemory, Math.floor(cores / 2)));
}

/** The memory this process may use: the cgroup limit when set (constrainedMemory), else the machine's. */
function memoryLimit(): number {
  const constrained = process.constrainedMemory();
  return constrained > 0 ? Math.min(constrained, totalmem()) : totalmem();
}

export const DECODE_LANES = decodeLanes(memoryLimit(), availableParallelism());

/** Seconds a refused upload is told to wait: about one decode of the queue ahead of it. */
const BUSY_RETRY_AFTER_SECONDS = 5;

/**
 * Uploads decode DECODE_LANES at a time; a few more wait (each holds only its ≤ 10 MB upload),
 * and beyond that the upload is refused at once with 503 + Retry-After rather than queued.
 * Upload routes reserve their place before reading the body (`reserveDecodePlace`), so a refused
 * upload is refused before its bytes are read. Exported for tests, which fill it.
 */
export const imageDecoding = createTaskLimiter({
  concurrency: DECODE_LANES,
  maxWaiting: 3 * DECODE_LANES,
  whenFull: () => serverBusy(BUSY_RETRY_AFTER_SECONDS, 'The server is busy with other images. Please try again in a moment.'),
});

/**
 * Holds one of the decoding places for an upload whose body is about to be read; 503 `busy` with
 * Retry-After at once when all are held or the queue is full. Returns the release (idempotent).
 */
export function reserveDecodePlace(): () => void {
  return imageDecoding.reserve();
}

// One libvips thread per image (the lanes already spread images over the cores) and no
// operation cache: every upload is different, so cached pixels would only hold memory.
sharp.concurrency(1);
sharp.cache(false);

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
 * Runs under the decoding limit (503 `busy` when its queue is full).
 */
export function processImage(bytes: Buffer, kind: ImageKind): Promise<ProcessedImage> {
  return imageDecoding(() => decodeAndEncode(bytes, kind));
}

async function decodeAndEncode(bytes: Buffer, kind: ImageKind): Promise<ProcessedImage> {
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
