// Vite plugin: after the build, writes `file.br` (brotli, quality 11) and `file.gz` (gzip, level 9)
// next to every compressible file of the output (JS, CSS, HTML, SVG, JSON), so the server sends
// them as they are (@fastify/static `preCompressed`, apps/api/src/plugins/static-files.ts) instead of
// compressing on each request or sending them uncompressed.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;
/** Below this a compressed copy saves less than a packet: the file is served as it is. */
export const MIN_BYTES = 1024;

export type CompressedFile = { file: string; bytes: number; brBytes: number | null; gzBytes: number | null };

async function listFiles(dir: string, prefix = ''): Promise<string[]> {
  const entries = await readdir(join(dir, prefix), { withFileTypes: true });
  const files: string[] = [];
  for (const entry of entries) {
    // Dot folders (Vite's .vite/manifest.json) are never served.
    if (entry.name.startsWith('.')) continue;
    const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) files.push(...(await listFiles(dir, relative)));
    else if (entry.isFile()) files.push(relative);
  }
  return files;
}

/** Writes .br and .gz next to each compressible file of `dir` of at least MIN_BYTES; each only when smaller. */
export async function precompressDirectory(dir: string): Promise<CompressedFile[]> {
  const files = (await listFiles(dir)).filter((file) => COMPRESSIBLE.test(file));
  return Promise.all(
    files.map(async (file): Promise<CompressedFile> => {
      const path = join(dir, file);
      const content = await readFile(path);
      if (content.length < MIN_BYTES) return { file, bytes: content.length, brBytes: null, gzBytes: null };
      const [br, gz] = await Promise.all([
        brotli(content, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
          },
        }),
        gzipAsync(content, { level: constants.Z_BEST_COMPRESSION }),
      ]);
      const keepBr = br.length < content.length;
      const keepGz = gz.length < content.length;
      if (keepBr) await writeFile(`${path}.br`, br);
      if (keepGz) await writeFile(`${path}.gz`, gz);
      return { file, bytes: content.length, brBytes: keepBr ? br.length : null, gzBytes: keepGz ? gz.length : null };
    }),
  );
}

export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'alumlink:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const results = await precompressDirectory(outDir);
      const compressed = results.filter((result) => result.brBytes !== null);
      const before = compressed.reduce((sum, result) => sum + result.bytes, 0);
      const after = compressed.reduce((sum, result) => sum + (result.brBytes ?? 0), 0);
      this.info(
        `precompressed ${compressed.length} files: ${(before / 1024).toFixed(0)} KB → ${(after / 1024).toFixed(0)} KB brotli (+ .gz)`,
      );
    },
  };
}
