import type { Readable } from 'node:stream';

/**
 * Where uploaded media lives. Keys are relative paths such as `posts/<sha256>.webp`; they are
 * content-addressed, so a key's bytes never change and may be cached forever.
 */
export interface MediaStorage {
  /** Stores the bytes under key (overwriting is harmless: same key, same bytes). */
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The key's bytes as a stream (served ones only), or null when there are none. */
  open(key: string): Promise<Readable | null>;
  /** The key's bytes whether served or withheld (a moderator judging an appeal), or null when there are none. */
  openAny(key: string): Promise<Readable | null>;
  /** Public URL of the key (e.g. `/media/posts/ab12.webp`). */
  url(key: string): string;
  /** Deletes the key's bytes, served or withheld; nothing when there are none. */
  remove(key: string): Promise<void>;
  /** Stops serving the key (404) but keeps its bytes aside, so reinstate can bring it back. */
  withhold(key: string): Promise<void>;
  /** Serves a withheld key again; nothing when it is not withheld. */
  reinstate(key: string): Promise<void>;
}

/** Keys are lower-case path segments of letters, digits, dots, dashes and underscores. */
const SAFE_KEY = /^(?:[a-z0-9_-]+\/)*[a-z0-9_-]+(?:\.[a-z0-9]+)?$/;

/** Throws for a key that could escape the media root or is not one the app makes. */
export function assertSafeKey(key: string): void {
  if (!SAFE_KEY.test(key)) throw new Error(`Unsafe media key: ${key}`);
}

/** The types the app stores (lib/images.ts writes WebP); anything else is bytes, never a page. */
const CONTENT_TYPES: Readonly<Record<string, string>> = {
  webp: 'image/webp',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  avif: 'image/avif',
};

/** The content type a media key is served with, from its extension. */
export function mediaContentType(key: string): string {
  return CONTENT_TYPES[key.slice(key.lastIndexOf('.') + 1)] ?? 'application/octet-stream';
}
