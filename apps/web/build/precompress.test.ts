import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { MIN_BYTES, precompressDirectory } from './precompress';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function outDir(files: Record<string, string | Buffer>): string {
  const dir = mkdtempSync(join(tmpdir(), 'alumlink-precompress-'));
  dirs.push(dir);
  for (const [file, content] of Object.entries(files)) {
    mkdirSync(join(dir, file, '..'), { recursive: true });
    writeFileSync(join(dir, file), content);
  }
  return dir;
}

describe('precompressDirectory', () => {
  it('writes .br and .gz next to each text file, decoding to the same bytes', async () => {
    const js = `export const text = ${JSON.stringify('alumni '.repeat(500))};`;
    const html = `<!doctype html><title>AlumLink</title>${'<p>hello</p>'.repeat(200)}`;
    const dir = outDir({ 'assets/app-1a2b.js': js, 'index.html': html, 'assets/app.css': `.a{color:red}`.repeat(200) });

    const results = await precompressDirectory(dir);

    expect(results.map((result) => result.file).sort()).toEqual(['assets/app-1a2b.js', 'assets/app.css', 'index.html']);
    expect(brotliDecompressSync(readFileSync(join(dir, 'assets/app-1a2b.js.br'))).toString()).toBe(js);
    expect(gunzipSync(readFileSync(join(dir, 'assets/app-1a2b.js.gz'))).toString()).toBe(js);
    expect(brotliDecompressSync(readFileSync(join(dir, 'index.html.br'))).toString()).toBe(html);
    for (const result of results) {
      expect(result.brBytes).toBeLessThan(result.bytes);
      expect(result.gzBytes).toBeLessThan(result.bytes);
    }
  });

  it('leaves small files, images and the dot folder (Vite manifest) alone', async () => {
    const dir = outDir({
      'favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
      'assets/photo.webp': Buffer.alloc(4 * MIN_BYTES, 7),
      '.vite/manifest.json': JSON.stringify({ big: 'x'.repeat(4 * MIN_BYTES) }),
    });

    const results = await precompressDirectory(dir);

    expect(results).toEqual([{ file: 'favicon.svg', bytes: 41, brBytes: null, gzBytes: null }]);
    for (const file of ['favicon.svg', 'assets/photo.webp', '.vite/manifest.json']) {
      expect(existsSync(join(dir, `${file}.br`)), file).toBe(false);
      expect(existsSync(join(dir, `${file}.gz`)), file).toBe(false);
    }
  });
});
