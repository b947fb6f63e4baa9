import type { AppConfig } from '../config';
import { authHeader } from './auth-helpers';
import type { RecordedStatement } from './recording-database';
import { useTestApp } from './use-test-app';

type Person = Parameters<typeof authHeader>[1];

/**
 * The file's test app recording every statement it runs, and `statementsOf`: a GET as a person,
 * answered with the response and how many of the statements it ran match `ofRoute` (a route's
 * own, not the authentication's session check). `overrides`: the app's configuration, as createTestApp's.
 */
export function useRecordingTestApp(ofRoute: RegExp, overrides: Partial<AppConfig> = {}) {
  const statements: RecordedStatement[] = [];
  const t = useTestApp(overrides, { recordStatementsInto: statements });
  async function statementsOf(person: Person, url: string) {
    const headers = await authHeader(t.app, person);
    statements.length = 0;
    const response = await t.app.inject({ url, headers });
    return { response, statements: statements.filter((statement) => ofRoute.test(statement.text)).length };
  }
  return { t, statementsOf };
}
