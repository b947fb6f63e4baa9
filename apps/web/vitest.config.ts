import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';

export default defineConfig({
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  plugins: [react()],
  test: {
    environment: 'jsdom',
    environmentOptions: { jsdom: { url: 'http://localhost:3000/' } },
    setupFiles: ['./src/testing/setup-tests.ts'],
    include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
    restoreMocks: true,
    // One jsdom and one module graph per worker, not per test file (164 s → 31 s on two cores);
    // what a file leaves behind (DOM, storage, toasts, request handlers) is cleared after each
    // test by the setup file.
    isolate: false,
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
