import { defineConfig } from 'vitest/config';

// The bench's own unit tests (not part of npm test): cd bench && npx vitest run
export default defineConfig({
  test: { include: ['*.test.ts'], environment: 'node', testTimeout: 30_000 },
});
