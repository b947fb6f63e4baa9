import { afterEach, beforeEach, vi, type MockInstance } from 'vitest';

// A test that logs console.error fails (house rule): errors must be asserted, not printed.
let consoleError: MockInstance<typeof console.error>;

beforeEach(() => {
  consoleError = vi.spyOn(console, 'error');
});

afterEach(() => {
  const calls = consoleError.mock.calls;
  consoleError.mockRestore();
  if (calls.length > 0) {
    throw new Error(`console.error was called during the test:\n${calls.map((args) => args.map(String).join(' ')).join('\n')}`);
  }
});
