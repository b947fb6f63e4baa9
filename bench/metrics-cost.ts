// `--metrics-cost`: what the per-request metrics hook costs, measured in the same run. The feed
// is run on servers started with METRICS=on and METRICS=off, alternately (off, on, off, on), so a
// machine whose load drifts during the run weighs on both alike; each server is fresh and warmed
// up by the same untimed traffic before its measured seconds.
import type { ResultRow } from './report';

export const METRICS_COST_ROUNDS = 2;
export type MetricsSwitch = 'on' | 'off';
export type MetricsCostRun = { metrics: MetricsSwitch; row: ResultRow };

/** Runs `measure` (start a server with METRICS=<switch>, run the feed, stop it) alternately. */
export async function measureMetricsCost(measure: (metrics: MetricsSwitch) => Promise<ResultRow>): Promise<MetricsCostRun[]> {
  const runs: MetricsCostRun[] = [];
  for (let round = 0; round < METRICS_COST_ROUNDS; round += 1)
    for (const metrics of ['off', 'on'] as const) runs.push({ metrics, row: await measure(metrics) });
  return runs;
}

const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / Math.max(1, values.length);

/** A markdown table of every run and a line with the means' difference. */
export function formatMetricsCost(runs: MetricsCostRun[]): string {
  const lines = [
    '### Metrics cost (feed, METRICS=on vs off, alternate fresh servers)',
    '',
    '| run | METRICS | req/s | p50 ms | p99 ms | API CPU ms/req |',
    '| --- | --- | ---: | ---: | ---: | ---: |',
    ...runs.map(
      ({ metrics, row }, index) =>
        `| ${index + 1} | ${metrics} | ${row.result.requestsPerSecond.toFixed(0)} | ${row.result.p50.toFixed(1)} | ${row.result.p99.toFixed(1)} | ${row.cpuPerRequest ? row.cpuPerRequest.api.toFixed(3) : '–'} |`,
    ),
  ];
  const side = (metrics: MetricsSwitch) => runs.filter((run) => run.metrics === metrics).map((run) => run.row);
  const [on, off] = [side('on'), side('off')];
  const throughput = (rows: ResultRow[]) => mean(rows.map((row) => row.result.requestsPerSecond));
  const cpu = (rows: ResultRow[]) => mean(rows.map((row) => row.cpuPerRequest?.api ?? Number.NaN));
  const change = ((throughput(on) - throughput(off)) / throughput(off)) * 100;
  lines.push(
    '',
    `Means: ${throughput(off).toFixed(0)} req/s off, ${throughput(on).toFixed(0)} req/s on (${change >= 0 ? '+' : ''}${change.toFixed(1)} %); API CPU ${cpu(off).toFixed(3)} ms/req off, ${cpu(on).toFixed(3)} ms/req on (${(cpu(on) - cpu(off)).toFixed(3)} ms/req for the hook).`,
  );
  return lines.join('\n');
}
