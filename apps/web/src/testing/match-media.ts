import { vi } from 'vitest';

/**
 * Makes window.matchMedia match exactly the given media queries (jsdom has none; setup-tests.ts
 * gives it one that matches nothing). Undone by vi.restoreAllMocks().
 */
export function matchMediaQueries(...matching: string[]): void {
  const original = window.matchMedia;
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => ({ ...original(query), matches: matching.includes(query) }));
}
