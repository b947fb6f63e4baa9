// The API test harness: import from '../../test' (or the right relative path) in *.test.ts files.
export { createTestApp, createTestConfig, TEST_JWT_SECRET, type TestApp } from './create-test-app';
export { useTestApp } from './use-test-app';
export { useSignedInPeople } from './signed-in-people';
export * from './factories';
export { openTestDatabase } from './test-database';
export { accessTokenFor, authHeader, startTestSession } from './auth-helpers';
export { connect, converse } from './connections';
export { emailsTo, lastCodeSentTo } from './mail-helpers';
export { explain, type ExplainableQuery } from './query-plans';
export { insertBulkPeople, insertBulkSessionFamilies } from './bulk-data';
export { createTestClock, type TestClock } from './test-clock';
export { failingOnce } from './failing-database';
export { type RecordedStatement } from './recording-database';
export { expectRetryAfterFailure, jobOf } from './jobs';
export { everyFieldVisibleTo, requestsAs, writeEverywhere } from './requests';
export { demoPersonHeaders, seededDemoApp } from './seeded-demo';
export { useRecordingTestApp } from './round-trips';
export { listenOnLoopback, startSecondInstance, type SecondInstance } from './second-instance';
