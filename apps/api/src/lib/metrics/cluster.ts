import { randomUUID } from 'node:crypto';
import cluster from 'node:cluster';
import { AggregatorRegistry, type Registry } from 'prom-client';

const REQUEST = 'alumlink:metrics-request';
const ANSWER = 'alumlink:metrics-answer';
/** prom-client's aggregator gives up on silent workers after 5 s; a worker waits a little longer. */
const ANSWER_TIMEOUT_MS = 6_000;

type MetricsRequest = { type: typeof REQUEST; id: string };
type MetricsAnswer = { type: typeof ANSWER; id: string; text?: string; error?: string };

const isRequest = (message: unknown): message is MetricsRequest => (message as MetricsRequest | null)?.type === REQUEST;
const isAnswer = (message: unknown): message is MetricsAnswer => (message as MetricsAnswer | null)?.type === ANSWER;

/**
 * In the primary of a clustered server: answers a worker's request for the instance's metrics
 * with every worker's metrics aggregated (prom-client's AggregatorRegistry asks each worker for
 * its registry over IPC). Whichever worker the scrape reaches, the answer is the same.
 */
export function serveClusterMetrics(): void {
  const aggregator = new AggregatorRegistry();
  cluster.on('message', (worker, message: unknown) => {
    if (!isRequest(message)) return;
    aggregator.clusterMetrics().then(
      (text) => worker.send({ type: ANSWER, id: message.id, text } satisfies MetricsAnswer),
      (error: unknown) => worker.send({ type: ANSWER, id: message.id, error: String(error) } satisfies MetricsAnswer),
    );
  });
}

/** In a cluster worker: lets the primary's aggregator read `registry` (this worker's app). */
export function offerWorkerMetrics(registry: Registry): void {
  AggregatorRegistry.setRegistries([registry]);
  // Constructing one adds prom-client's worker-side listener that answers the primary.
  new AggregatorRegistry();
}

/** In a cluster worker: the metrics of every worker of this instance, from the primary. */
export function clusterMetricsFromPrimary(): Promise<string> {
  const id = randomUUID();
  return new Promise((resolve, reject) => {
    const done = () => {
      clearTimeout(timer);
      process.off('message', onMessage);
    };
    const onMessage = (message: unknown) => {
      if (!isAnswer(message) || message.id !== id) return;
      done();
      if (message.text !== undefined) resolve(message.text);
      else reject(new Error(message.error ?? 'no metrics'));
    };
    const timer = setTimeout(() => {
      done();
      reject(new Error('The primary did not answer with the metrics in time'));
    }, ANSWER_TIMEOUT_MS);
    process.on('message', onMessage);
    process.send?.({ type: REQUEST, id } satisfies MetricsRequest);
  });
}
