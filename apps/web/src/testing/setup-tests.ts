import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { server } from './server';

// findBy*/waitFor wait up to 5 s, not 1 s: on a loaded two-core machine a page's first requests and
// render can take longer than a second (comments-panel timed out so), and a wait ends as soon as it holds.
configure({ asyncUtilTimeout: 5000 });

// A test that logs console.error fails (React warnings, act() problems, unhandled requests).
let consoleErrors: string[] = [];

beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
});

beforeEach(() => {
  consoleErrors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    consoleErrors.push(args.map((arg) => (arg instanceof Error ? arg.message : String(arg))).join(' '));
  });
});

afterEach(() => {
  cleanup();
  // Toasts live in react-hot-toast's module, which the test files of a worker share.
  toast.remove();
  server.resetHandlers();
  window.localStorage.clear();
  document.documentElement.className = '';
  const logged = consoleErrors;
  consoleErrors = [];
  if (logged.length > 0) {
    throw new Error(`console.error was called during the test:\n${logged.join('\n')}`);
  }
});

afterAll(() => {
  server.close();
});

// jsdom does not scroll; ScrollRestoration calls scrollTo on every navigation.
window.scrollTo = () => undefined;

// jsdom has no matchMedia; the app treats "no match" as the default.
if (typeof window.matchMedia !== 'function') {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    configurable: true,
    value: (query: string): MediaQueryList => ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    }),
  });
}
