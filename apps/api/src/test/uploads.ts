import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';

/** A file part of a multipart test request. */
export type UploadFile = { field: string; filename: string; contentType: string; bytes: Buffer };

/** A multipart/form-data payload and its content-type header, for `app.inject`. */
export function multipartBody(
  fields: Record<string, string>,
  files: UploadFile[] = [],
): { payload: Buffer; headers: { 'content-type': string } } {
  const boundary = `----alumlink${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.filename}"\r\nContent-Type: ${file.contentType}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A real, noisy image of the given size and format (noise keeps it from compressing to nothing). */
export async function sampleImage(
  width: number,
  height: number,
  format: 'png' | 'jpeg' | 'webp' | 'gif' | 'avif' | 'tiff' = 'png',
): Promise<Buffer> {
  const image = sharp({ create: { width, height, channels: 3, background: { r: 40, g: 120, b: 200 } } });
  return image.toFormat(format).toBuffer();
}

/** An image file: `field` defaults to image. */
export function imageFile(bytes: Buffer, filename = 'photo.png', contentType = 'image/png', field = 'image'): UploadFile {
  return { field, filename, contentType, bytes };
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typeAndData = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData) >>> 0);
  return Buffer.concat([length, typeAndData, crc]);
}

/** A decompression bomb: a few hundred bytes of PNG claiming `side` x `side` pixels. */
export function bombPng(side = 50_000): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header.writeUInt8(1, 8); // bit depth 1
  header.writeUInt8(0, 9); // greyscale
  const firstRows = deflateSync(Buffer.alloc(1 + Math.ceil(side / 8) * 4));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', firstRows),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A request body sent as a stream, for `app.inject({ payload: body.stream })`. */
export type StreamedBody = {
  stream: Readable;
  /** The whole body's length (its Content-Length). */
  length: number;
  /** Bytes the server has pulled from the stream so far. */
  bytesRead(): number;
  /** Lets a body held at `holdAt` go on to its end. */
  release(): void;
};

const STREAM_CHUNK = 64 * 1024;

/**
 * `payload` as a stream of 64 KB chunks that counts what is read from it; with `holdAt`, it
 * stops there (a client still sending) until `release()`.
 */
export function streamedBody(payload: Buffer, holdAt = payload.length): StreamedBody {
  let offset = 0;
  let held = holdAt < payload.length;
  let stalled = false;
  const pushNext = (): void => {
    if (offset >= payload.length) {
      stream.push(null);
      return;
    }
    // Not pushing leaves the stream waiting for this read; release() answers it.
    if (held && offset >= holdAt) {
      stalled = true;
      return;
    }
    const end = Math.min(offset + STREAM_CHUNK, held ? holdAt : payload.length);
    const chunk = payload.subarray(offset, end);
    offset = end;
    stream.push(chunk);
  };
  const stream = new Readable({ highWaterMark: STREAM_CHUNK, read: pushNext });
  return {
    stream,
    length: payload.length,
    bytesRead: () => offset,
    release: () => {
      held = false;
      if (stalled) {
        stalled = false;
        pushNext();
      }
    },
  };
}
