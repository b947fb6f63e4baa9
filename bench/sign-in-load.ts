import { BENCH_PASSWORD, emailOf } from './identities';
import { atRate, percentile } from './stats';

export type SideLoadResult = { sent: number; succeeded: number; failed: number; p50: number; p99: number };

/**
 * Sign-ins at a steady rate beside another benchmark (argon2id takes a core for tens of
 * milliseconds: this shows what a burst of sign-ins does to everyone else's latency).
 */
export function startBackgroundSignIns(baseUrl: string, perSecond: number, personIds: number[]): { stop(): Promise<SideLoadResult> } {
  const latencies: number[] = [];
  const pending = new Set<Promise<void>>();
  let failed = 0;
  const fire = (n: number) => {
    const started = performance.now();
    const request = fetch(`${baseUrl}/api/token/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: emailOf(personIds[n % personIds.length] ?? 2), password: BENCH_PASSWORD }),
    })
      .then(async (response) => {
        await response.arrayBuffer();
        if (response.status === 200) latencies.push(performance.now() - started);
        else failed += 1;
      })
      .catch(() => {
        failed += 1;
      })
      .finally(() => pending.delete(request));
    pending.add(request);
  };
  const clock = atRate(perSecond, fire);
  return {
    async stop() {
      const sent = clock.stop();
      await Promise.all([...pending]);
      return { sent, succeeded: latencies.length, failed, p50: percentile(latencies, 50), p99: percentile(latencies, 99) };
    },
  };
}
