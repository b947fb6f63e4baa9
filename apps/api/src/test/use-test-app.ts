import { afterAll, beforeAll } from 'vitest';
import { createTestApp, type TestApp } from './create-test-app';

/**
 * The file's test app: made in a beforeAll and closed in an afterAll, both registered here (so the
 * app is made before the file's own beforeAll runs and closed after its own afterAll). Its fields
 * are read inside hooks and tests, once the app is made.
 */
export function useTestApp(...args: Parameters<typeof createTestApp>): TestApp {
  let made: TestApp | undefined;
  beforeAll(async () => {
    made = await createTestApp(...args);
  });
  afterAll(() => made?.close());
  const current = (): TestApp => {
    if (!made) throw new Error('The test app is made in beforeAll: use it inside a hook or a test.');
    return made;
  };
  return {
    get app() {
      return current().app;
    },
    get db() {
      return current().db;
    },
    get ctx() {
      return current().ctx;
    },
    get database() {
      return current().database;
    },
    get config() {
      return current().config;
    },
    close: () => current().close(),
  };
}
