import { openSender, type RequestSpec, type Sender } from './sender';
import { percentile } from './stats';

/** One request of an open-loop run, with the class its latency is reported under. */
export type ClassedRequest = RequestSpec & { kind: string };

export type ClassResult = {
  kind: string;
  /** Requests scheduled for this class (each one answered, failed or timed out by the end). */
  count: number;
  /** Answers outside 2xx, connection failures and timeouts. */
  errors: number;
  /** Count per failure: HTTP status, "error" or "timeout". */
  failures: Record<string, number>;
  /** Milliseconds from each request's SCHEDULED start to the end of its answer (2xx only). */
  p50: number;
  p99: number;
  max: number;
};

export type OpenLoopResult = {
  rate: number;
  seconds: number;
  /** Requests scheduled (rate × seconds); every one is sent, whatever the answers do. */
  scheduled: number;
  /** Requests that got an HTTP answer (any status; not failures or timeouts). */
  answered: number;
  /** Answered requests per second, from the first scheduled start to the last answer. */
  achievedRate: number;
  /** How late the generator sent requests after their scheduled time (ms): its own health. */
  sendLagP99: number;
  sendLagMax: number;
  /** Most requests waiting for an answer at once. */
  maxInFlight: number;
  /** The generator's own CPU (this process) per request, in ms. */
  generatorCpuPerRequest: number;
  classes: ClassResult[];
  /**
   * Every class together, per WINDOW_MS of scheduled starts: the p99 of the 2xx latencies of the
   * requests due in that window. Tells a short stall (a few bad windows) from steady queueing (all).
   */
  windows: LatencyWindow[];
};

/** The requests due in [startMs, startMs + WINDOW_MS) from the run's start. */
export type LatencyWindow = { startMs: number; p99: number };

/** The width of a latency window: long enough for a p99 (750 requests at 1,500/s), short enough to see a stall. */
export const WINDOW_MS = 500;

export type OpenLoopOptions = {
  /** Arrivals per second. */
  rate: number;
  seconds: number;
  /** A request not answered this long after its scheduled start counts as an error ("timeout"). */
  timeoutMs?: number;
  /** Keep-alive sockets the generator may open (requests beyond wait in the pool, and that wait counts). */
  maxSockets?: number;
  /** Connections already open (openSender), kept open at the end; without it the run opens and closes its own. */
  sender?: Sender;
};

/**
 * An open-loop load: request n is due at start + n / rate, and is sent then whether or not
 * earlier requests were answered (closed-loop tools wait for an answer before sending more, so a
 * slow server slows the arrivals down and its latency hides: "coordinated omission"). Each
 * latency runs from the request's scheduled time, so a late send or a wait for a socket counts.
 */
export async function runOpenLoop(baseUrl: string, next: (n: number) => ClassedRequest, options: OpenLoopOptions): Promise<OpenLoopResult> {
  const { rate, seconds } = options;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const sender = options.sender ?? openSender(baseUrl, options.maxSockets);
  const scheduled = Math.max(1, Math.round(rate * seconds));
  const intervalMs = 1_000 / rate;
  const latencies = new Map<string, number[]>();
  const windowLatencies: number[][] = [];
  const classes = new Map<string, ClassResult>();
  const sendLags: number[] = [];
  const pending: Promise<void>[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  let lastFinish = 0;
  let answered = 0;

  const classOf = (kind: string) => {
    let entry = classes.get(kind);
    if (!entry) {
      entry = { kind, count: 0, errors: 0, failures: {}, p50: Number.NaN, p99: Number.NaN, max: Number.NaN };
      classes.set(kind, entry);
      latencies.set(kind, []);
    }
    return entry;
  };
  const fire = (n: number, due: number, now: number) => {
    const spec = next(n);
    const entry = classOf(spec.kind);
    entry.count += 1;
    sendLags.push(now - due);
    inFlight += 1;
    maxInFlight = Math.max(maxInFlight, inFlight);
    pending.push(
      sender.send(spec, due + timeoutMs).then(({ status, finishedAt }) => {
        inFlight -= 1;
        if (typeof status === 'number') {
          answered += 1;
          lastFinish = Math.max(lastFinish, finishedAt);
        }
        if (typeof status === 'number' && status >= 200 && status < 300) {
          latencies.get(spec.kind)?.push(finishedAt - due);
          const window = Math.floor((due - start) / WINDOW_MS);
          (windowLatencies[window] ??= []).push(finishedAt - due);
        } else {
          entry.errors += 1;
          entry.failures[String(status)] = (entry.failures[String(status)] ?? 0) + 1;
        }
      }),
    );
  };

  const cpuBefore = process.cpuUsage();
  const start = performance.now() + 20;
  let sent = 0;
  await new Promise<void>((resolve) => {
    const tick = () => {
      const now = performance.now();
      // Everything due by now goes out at once: a late timer does not thin the arrivals.
      while (sent < scheduled && start + sent * intervalMs <= now) {
        fire(sent, start + sent * intervalMs, now);
        sent += 1;
      }
      if (sent >= scheduled) resolve();
      else setTimeout(tick, Math.max(0, start + sent * intervalMs - performance.now()));
    };
    setTimeout(tick, 20);
  });
  await Promise.all(pending);
  const cpu = process.cpuUsage(cpuBefore);
  if (!options.sender) await sender.close();

  for (const entry of classes.values()) {
    const values = latencies.get(entry.kind) ?? [];
    entry.p50 = percentile(values, 50);
    entry.p99 = percentile(values, 99);
    entry.max = values.length === 0 ? Number.NaN : values.reduce((a, b) => Math.max(a, b), 0);
  }
  return {
    rate,
    seconds,
    scheduled,
    answered,
    achievedRate: answered / (Math.max(lastFinish - start, seconds * 1_000) / 1_000),
    sendLagP99: percentile(sendLags, 99),
    sendLagMax: sendLags.reduce((a, b) => Math.max(a, b), 0),
    maxInFlight,
    generatorCpuPerRequest: (cpu.user + cpu.system) / 1_000 / scheduled,
    classes: [...classes.values()],
    windows: windowLatencies.flatMap((values, window) => (values ? [{ startMs: window * WINDOW_MS, p99: percentile(values, 99) }] : [])),
  };
}
