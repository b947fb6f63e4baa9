// DATABASE_URL with TLS, read the same way by both pools (db/client.ts): node-postgres for
// transactions and other queries, postgres.js for the prepared statements. Runs in the PostgreSQL
// suite only, on a PostgreSQL server of its own with ssl=on and a self-signed certificate.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrivatePostgres, postgresBinDir, type PrivatePostgres } from '../quality/resilience/support/private-postgres';
import { openPostgres, type DatabaseConnection } from './client';
import { prepareRawStatement } from './prepared';

const onPostgresSuite = Boolean(process.env.TEST_DATABASE_URL);
const binDir = postgresBinDir();
// CI installs PostgreSQL: there a missing binary is a failure, not a reason to skip.
const runnable = binDir !== null || process.env.CI === 'true';

/** Whether each pool's session is encrypted, as PostgreSQL sees it. */
async function tlsOfBothPools(connection: DatabaseConnection): Promise<{ db: boolean; statements: boolean }> {
  const encrypted = sql`select ssl from pg_stat_ssl where pid = pg_backend_pid()`;
  const { rows } = await connection.db.execute<{ ssl: boolean }>(encrypted);
  const [prepared] = await prepareRawStatement<{ ssl: boolean }>(connection.statements, 'tls_probe', encrypted).execute();
  return { db: rows[0]?.ssl === true, statements: prepared?.ssl === true };
}

/** The message of the driver's error under Drizzle's "Failed query" (null when it did not fail). */
const causeOf = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => String((error as { cause?: { message?: unknown } }).cause?.message),
  );

describe.skipIf(!onPostgresSuite || !runnable)('PostgreSQL over TLS (PostgreSQL suite only)', () => {
  let postgres: PrivatePostgres;
  beforeAll(async () => {
    if (!binDir) throw new Error('PostgreSQL server binaries (initdb, pg_ctl) are missing under /usr/lib/postgresql');
    postgres = await createPrivatePostgres(binDir, { tls: true });
    await postgres.start();
  }, 120_000);
  afterAll(() => postgres?.destroy());

  it('connects both pools over TLS with sslmode=verify-full and the server certificate as sslrootcert', async () => {
    const connection = await openPostgres(
      `${postgres.url}?sslmode=verify-full&sslrootcert=${encodeURIComponent(postgres.certificateFile)}`,
    );
    try {
      expect(await tlsOfBothPools(connection)).toEqual({ db: true, statements: true });
    } finally {
      await connection.close();
    }
  });

  it('refuses a server whose certificate it cannot verify, in both pools', async () => {
    const connection = await openPostgres(`${postgres.url}?sslmode=verify-full`);
    try {
      const select = sql`select 1`;
      const failures = await Promise.all([
        causeOf(connection.db.execute(select)),
        causeOf(prepareRawStatement(connection.statements, 'tls_refused', select).execute()),
      ]);
      expect(failures).toEqual([expect.stringMatching(/self[- ]signed/i), expect.stringMatching(/self[- ]signed/i)]);
    } finally {
      await connection.close();
    }
  });

  it('connects without TLS when the URL does not ask for it', async () => {
    const connection = await openPostgres(postgres.url);
    try {
      expect(await tlsOfBothPools(connection)).toEqual({ db: false, statements: false });
    } finally {
      await connection.close();
    }
  });
});
