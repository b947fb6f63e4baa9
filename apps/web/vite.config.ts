import { defineConfig } from 'vite';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

const API_ORIGIN = 'http://localhost:3000';
const proxiedPrefixes = ['/api', '/social', '/users', '/media', '/dev', '/healthz', '/readyz', '/alumlink'];

export default defineConfig({
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  plugins: [react(), tailwindcss()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // scripts/check-budgets.ts reads the manifest to weigh what each route loads.
    manifest: true,
  },
  server: {
    port: 5173,
    proxy: {
      ...Object.fromEntries(proxiedPrefixes.map((prefix) => [prefix, { target: API_ORIGIN, changeOrigin: true }])),
      '/ws': { target: API_ORIGIN, ws: true, changeOrigin: true },
    },
  },
});
