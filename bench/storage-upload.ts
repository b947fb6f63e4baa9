// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- s3rver has no types; its declaration lives next to the test server
/// <reference path="../apps/api/src/test/s3rver.d.ts" />
// `npx tsx bench/storage-upload.ts [N]`: what STORAGE=s3 costs per upload against the local disk.
// N uploads of one image (re-encoded each time, as the app does) into DATA_DIR-style media and into
// a bucket of s3rver on loopback (in this process, so its own work is counted too: an upper bound
// for the CPU, a lower bound for the network). Prints ms per upload, store only and re-encode + store.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { processImage, storeUploadedImage } from '../apps/api/src/lib/images';
import { LocalMediaStorage, S3MediaStorage, type MediaStorage } from '../apps/api/src/lib/storage/index';
import { startTestBucket } from '../apps/api/src/test/s3-test-server';
import sharp from 'sharp';

const N = Number(process.argv[2] ?? 40);

async function timePerCall(label: string, calls: number, call: (i: number) => Promise<unknown>): Promise<number> {
  for (let i = 0; i < 3; i += 1) await call(i); // warm-up: sockets, JIT, sharp
  const started = performance.now();
  for (let i = 0; i < calls; i += 1) await call(i);
  const ms = (performance.now() - started) / calls;
  console.log(`${label.padEnd(34)} ${ms.toFixed(2)} ms/upload`);
  return ms;
}

async function main(): Promise<void> {
  // A photo-sized JPEG: blurred noise compresses about as a photograph does (a flat colour would not).
  const noise = Buffer.alloc(1200 * 900 * 3);
  for (let i = 0; i < noise.length; i += 1) noise[i] = (Math.random() * 256) | 0;
  const image = await sharp(noise, { raw: { width: 1200, height: 900, channels: 3 } })
    .blur(1.5)
    .jpeg({ quality: 85 })
    .toBuffer();
  const processed = await processImage(image, 'post');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'alumlink-bench-media-'));
  const server = await startTestBucket('bench');
  const stores: [string, MediaStorage][] = [
    ['local', new LocalMediaStorage(dir)],
    ['s3 (s3rver)', new S3MediaStorage(server.storage)],
  ];
  console.log(`${N} uploads of a ${Math.round(image.length / 1024)} KB JPEG (${Math.round(processed.bytes.length / 1024)} KB as WebP)`);
  try {
    for (const [name, storage] of stores) {
      await timePerCall(`${name}: store only`, N, (i) => storage.put(`posts/bench-${i}.webp`, processed.bytes, processed.contentType));
      await timePerCall(`${name}: re-encode + store`, Math.ceil(N / 4), () => storeUploadedImage(storage, image, 'post'));
    }
  } finally {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
