import { describe, expect, it } from 'vitest';

// Every screen of the admin portal, as source text (tests excluded).
const sources = import.meta.glob(['../**/*.tsx', '!../**/*.test.tsx'], { query: '?raw', import: 'default', eager: true }) as Record<
  string,
  string
>;

describe('admin pages', () => {
  it('all have the one width of the shell: no page centres itself in a narrower column', () => {
    const own = Object.entries(sources)
      .filter(([file, text]) => !file.endsWith('admin-shell.tsx') && /\bmx-auto\b[^"]*\bmax-w-|\bmax-w-\S+[^"]*\bmx-auto\b/.test(text))
      .map(([file]) => file);
    expect(Object.keys(sources).length).toBeGreaterThan(20);
    expect(own).toEqual([]);
  });
});
