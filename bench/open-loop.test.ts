import { describe, expect, it } from 'vitest';
import { useLocalServer } from './local-server';
import { runOpenLoop, type ClassedRequest } from './open-loop';
import { openSender } from './sender';

const local = useLocalServer();
const listen = local.listen;

const get = (kind: string, path = '/'): ClassedRequest => ({ kind, method: 'GET', path });

describe('runOpenLoop', () => {
  it('sends at the fixed rate while answers queue up, and counts the queueing in the latency', async () => {
    // One request at a time, 30 ms each: at 100 arrivals/s the server falls further behind with
    // every request. A closed loop would slow down to 33/s and report ~30 ms.
    const arrivals: number[] = [];
    let queue = Promise.resolve();
    const baseUrl = await listen((request, response) => {
      arrivals.push(performance.now());
      queue = queue
        .then(() => new Promise((resolve) => setTimeout(resolve, 30)))
        .then(() => {
          response.end('{}');
        });
    });
    const result = await runOpenLoop(baseUrl, () => get('slow'), { rate: 100, seconds: 1 });

    expect(result.scheduled).toBe(100);
    expect(arrivals).toHaveLength(100);
    // Every request reached the server within the second (plus scheduling slack), not after answers.
    expect((arrivals.at(-1) ?? 0) - (arrivals[0] ?? 0)).toBeLessThan(1_400);
    expect(result.maxInFlight).toBeGreaterThan(40);
    const [slow] = result.classes;
    expect(slow).toMatchObject({ kind: 'slow', count: 100, errors: 0 });
    // The last ones waited for ~99 × 30 ms of work minus their 990 ms of scheduled offset.
    expect(slow?.p99).toBeGreaterThan(1_500);
    expect(slow?.p50).toBeGreaterThan(400);
    expect(result.answered).toBe(100);
    expect(result.achievedRate).toBeLessThan(50);
  });

  it('measures from the scheduled start: a generator that sends late is charged for it', async () => {
    const baseUrl = await listen((_request, response) => response.end('{}'));
    const result = await runOpenLoop(
      baseUrl,
      (n) => {
        // The generator's event loop stalls for 200 ms: the requests due meanwhile go out late.
        if (n === 10) for (const until = performance.now() + 200; performance.now() < until;);
        return get('fast');
      },
      { rate: 200, seconds: 0.5 },
    );
    expect(result.sendLagMax).toBeGreaterThan(150);
    expect(result.classes[0]?.count).toBe(100);
    expect(result.classes[0]?.max).toBeGreaterThan(150);
    expect(result.classes[0]?.p99).toBeGreaterThan(150);
  });

  it('times a request out once it is timeoutMs past its SCHEDULED start, however late it was sent', async () => {
    const baseUrl = await listen((_request, response) => setTimeout(() => response.end('{}'), 50));
    const result = await runOpenLoop(
      baseUrl,
      (n) => {
        // Requests 11-50 are due during this 200 ms stall, and 50 ms of server time puts most past 150 ms.
        if (n === 10) for (const until = performance.now() + 200; performance.now() < until;);
        return get('late');
      },
      { rate: 200, seconds: 0.5, timeoutMs: 150 },
    );
    const [late] = result.classes;
    // No answer counted later than the deadline (plus timer slack), and the late ones are timeouts.
    // On a loaded machine every request may time out: then there is no answer (max NaN) to bound.
    const answered = (late?.count ?? 0) - (late?.errors ?? 0);
    if (answered > 0) expect(late?.max).toBeLessThan(200);
    expect(late?.failures.timeout).toBeGreaterThan(15);
  });

  it('reports each class apart; non-2xx answers, failed connections and timeouts are errors, not latencies', async () => {
    const baseUrl = await listen((request, response) => {
      if (request.url === '/bad') {
        response.statusCode = 429;
        response.end('{}');
      } else if (request.url === '/hang') {
        // Never answers.
      } else if (request.url === '/reset') {
        request.socket.destroy();
      } else {
        response.end('{}');
      }
    });
    const paths = ['/ok', '/bad', '/hang', '/reset'];
    const result = await runOpenLoop(baseUrl, (n) => get(paths[n % 4]?.slice(1) ?? 'ok', paths[n % 4]), {
      rate: 200,
      seconds: 0.2,
      timeoutMs: 300,
    });
    const byKind = Object.fromEntries(result.classes.map((entry) => [entry.kind, entry]));
    expect(byKind.ok).toMatchObject({ count: 10, errors: 0, failures: {} });
    expect(byKind.ok?.p99).toBeLessThan(300);
    expect(byKind.bad).toMatchObject({ count: 10, errors: 10, failures: { 429: 10 } });
    expect(byKind.hang).toMatchObject({ count: 10, errors: 10, failures: { timeout: 10 } });
    expect(byKind.reset).toMatchObject({ count: 10, errors: 10, failures: { error: 10 } });
    for (const kind of ['bad', 'hang', 'reset']) expect(byKind[kind]?.p99).toBeNaN();
    expect(result.generatorCpuPerRequest).toBeGreaterThan(0);
    // Timeouts and failed connections are not answers: 20 of the 40 were answered (200 or 429).
    expect(result.answered).toBe(20);
    expect(result.achievedRate).toBeGreaterThan(60);
    expect(result.achievedRate).toBeLessThanOrEqual(100);
  });

  it('measures a run on the connections its warm-up opened: a shared sender opens none anew while one is free, and stays open', async () => {
    const baseUrl = await listen((_request, response) => setTimeout(() => response.end('{}'), 20));
    const connections = local.countConnections();
    const sender = openSender(baseUrl);
    try {
      // About rate × 20 ms of answers overlap: the warm-up keeps ~8 connections open, the run needs ~2.
      await runOpenLoop(baseUrl, () => get('warm'), { rate: 400, seconds: 0.3, sender });
      const opened = connections.count;
      expect(opened).toBeGreaterThan(0);
      const measured = await runOpenLoop(baseUrl, () => get('measured'), { rate: 100, seconds: 0.3, sender });
      expect(measured.classes[0]).toMatchObject({ kind: 'measured', count: 30, errors: 0 });
      // A connection is opened only when every open one is busy: none, unless a stall of the
      // machine put more requests in flight at once than the warm-up left open.
      expect(connections.count - opened).toBeLessThanOrEqual(Math.max(0, measured.maxInFlight - opened));
    } finally {
      await sender.close();
    }
    // Without one, each run opens its own.
    const before = connections.count;
    await runOpenLoop(baseUrl, () => get('alone'), { rate: 200, seconds: 0.3 });
    expect(connections.count).toBeGreaterThan(before);
  });

  it('gives the p99 of each 500 ms of scheduled starts, so a stall shows in its own window', async () => {
    // Requests due in the second window (500-1000 ms) wait 120 ms for their answer, the others none.
    const baseUrl = await listen((request, response) => {
      setTimeout(() => response.end('{}'), request.url === '/stalled' ? 120 : 0);
    });
    const result = await runOpenLoop(baseUrl, (n) => (n >= 50 && n < 100 ? get('stall', '/stalled') : get('fast')), {
      rate: 100,
      seconds: 1.5,
    });
    expect(result.windows.map((window) => window.startMs)).toEqual([0, 500, 1_000]);
    const [first, second, third] = result.windows;
    expect(second?.p99).toBeGreaterThan(110);
    expect(first?.p99).toBeLessThan(100);
    expect(third?.p99).toBeLessThan(100);
  });
});
