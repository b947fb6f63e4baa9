import { describe, expect, it } from 'vitest';
import { chasedReadNanos, formatMachineSpeed, randomCycle, roundTripMicros, speedProbeMillis } from './machine-speed';

describe('machine speed probes', () => {
  it('times the loop it runs: more steps take longer', () => {
    const short = Math.min(...[1, 2, 3].map(() => speedProbeMillis(1_000)));
    const long = Math.min(...[1, 2, 3].map(() => speedProbeMillis(20_000_000)));
    expect(short).toBeGreaterThanOrEqual(0);
    expect(long).toBeGreaterThan(short);
  });

  it('times round trips to a child process that echoes', async () => {
    const micros = await roundTripMicros(500);
    expect(micros).toBeGreaterThan(0);
    // A round trip is two process wakeups: far above a nanosecond, far below a second.
    expect(micros).toBeLessThan(1_000_000);
  });

  it('chains its reads through one cycle over every slot', () => {
    const next = randomCycle(4_096);
    const seen = new Set<number>();
    let at = 0;
    for (let read = 0; read < 4_096; read += 1) {
      seen.add(at);
      at = next[at] ?? -1;
    }
    expect(seen.size).toBe(4_096);
    expect(at).toBe(0);
    expect(chasedReadNanos(16 * 1024, 4_096)).toBeGreaterThan(0);
  });

  it('reports the three readings, before and after', () => {
    expect(
      formatMachineSpeed({ computeMs: 204.4, roundTripUs: 41.94, readNs: 59.4 }, { computeMs: 251.6, roundTripUs: 50.9, readNs: 146.2 }),
    ).toBe(
      '- machine speed, before → after: 2·10⁸ additions on one core 204 → 252 ms; a round trip between two processes 41.9 → 50.9 µs; a dependent random read over 4 MiB 59 → 146 ns (lower is faster)',
    );
  });
});
