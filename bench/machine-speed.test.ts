import { describe, expect, it } from 'vitest';
import { formatMachineSpeed, roundTripMicros, speedProbeMillis } from './machine-speed';

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

  it('reports both readings, before and after', () => {
    expect(formatMachineSpeed({ computeMs: 204.4, roundTripUs: 41.94 }, { computeMs: 251.6, roundTripUs: 50.9 })).toBe(
      '- machine speed, before → after: 2·10⁸ additions on one core 204 → 252 ms; a round trip between two processes 41.9 → 50.9 µs (lower is faster)',
    );
  });
});
