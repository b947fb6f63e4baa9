// Compiles the API server and its two command-line tools to plain JavaScript under dist/, so
// production runs `node dist/server.js` with no TypeScript loader. esbuild bundles our own code
// (src/ and the @alumlink/contract workspace package, which ships TypeScript) into one file per
// entry point (no shared chunks: every file sits at the same depth) and leaves every npm dependency as an import from node_modules.
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const distDir = path.join(apiDir, 'dist');

/**
 * Every bare import (npm packages and their subpaths, node: built-ins) stays an import, resolved
 * from node_modules at run time; only our workspace packages (@alumlink/*) are bundled.
 */
const npmPackagesStayExternal = {
  name: 'npm-packages-stay-external',
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@alumlink/') ? undefined : { path: args.path, external: true },
    );
  },
};

rmSync(distDir, { recursive: true, force: true });
const started = Date.now();
await build({
  absWorkingDir: apiDir,
  // Every entry lands directly in dist/, one level below apps/api like src/, so paths the code
  // derives from import.meta.url (config/paths.ts's REPO_ROOT) resolve the same in both.
  entryPoints: {
    server: 'src/server.ts',
    seed: 'src/cli/seed.ts',
    'create-admin': 'src/cli/create-admin.ts',
  },
  outdir: distDir,
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20.19',
  sourcemap: true,
  plugins: [npmPackagesStayExternal],
  logLevel: 'warning',
});
console.log(`API compiled to ${path.relative(process.cwd(), distDir) || 'dist'}/ in ${Date.now() - started} ms`);
