import { BENCH_PASSWORD, emailOf } from './identities';
import { atRate, percentile } from './stats';

export type SideLoadResult = {
  sent: number;
  succeeded: number;
  /** Count per HTTP status other than 200 ("error" for a failed connection). */
  failures: Record<string, number>;
  /** Not sent because MAX_IN_FLIGHT sign-ins were already waiting (the server fell behind). */
  skipped: number;
  p50: number;
  p99: number;
};

const MAX_IN_FLIGHT = 64;

/**
 * Sign-ins at a steady rate beside another benchmark (argon2id takes a core for tens of
 * milliseconds: this shows what a burst of sign-ins does to everyone else's latency).
 */
export function startBackgroundSignIns(baseUrl: string, perSecond: number, personIds: number[]): { stop(): Promise<SideLoadResult> } {
  const latencies: number[] = [];
  const pending = new Set<Promise<void>>();
  const failures: Record<string, number> = {};
  let skipped = 0;
  const fail = (reason: string) => {
    failures[reason] = (failures[reason] ?? 0) + 1;
  };
  const fire = (n: number) => {
    if (pending.size >= MAX_IN_FLIGHT) {
      skipped += 1;
      return;
    }
    const started = performance.now();
    const request = fetch(`${baseUrl}/api/token/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: emailOf(personIds[n % personIds.length] ?? 2), password: BENCH_PASSWORD }),
    })
      .then(async (response) => {
        await response.arrayBuffer();
        if (response.status === 200) latencies.push(performance.now() - started);
        else fail(String(response.status));
      })
      .catch(() => fail('error'))
      .finally(() => pending.delete(request));
    pending.add(request);
  };
  const clock = atRate(perSecond, fire);
  return {
    async stop() {
      const fired = clock.stop();
      await Promise.all([...pending]);
      return {
        sent: fired - skipped,
        succeeded: latencies.length,
        failures,
        skipped,
        p50: percentile(latencies, 50),
        p99: percentile(latencies, 99),
      };
    },
  };
}
