import { defineConfig } from 'drizzle-kit';

// Generates the committed SQL migrations shared by both drivers (PGlite and PostgreSQL).
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/index.ts',
  out: './src/db/migrations',
  strict: true,
  verbose: true,
});
