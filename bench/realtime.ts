import { Agent, request } from 'node:http';
import { WebSocket } from 'ws';
import { cpuMillisBetween, perItem, type CpuMeter, type CpuSpent } from './cpu-meter';
import { CHATTER_PAIRS, conversationPair } from './identities';
import { atRate, percentile } from './stats';

export type RealtimeOptions = {
  baseUrl: string;
  /** Sockets to open (one per person; at most 2 × CHATTER_PAIRS). */
  clients: number;
  /** Messages per second sent through POST send_message. */
  rate: number;
  seconds: number;
  tokens: Map<number, string>;
  cpu: CpuMeter;
};

export type RealtimeResult = {
  clients: number;
  connectSeconds: number;
  sent: number;
  /** Sends not made because MAX_IN_FLIGHT requests were already waiting (the server fell behind). */
  skipped: number;
  httpFailed: number;
  delivered: number;
  /** Sent (201) but no message.created reached the recipient within the grace period. */
  lost: number;
  streamSeconds: number;
  deliveredPerSecond: number;
  p50: number;
  p99: number;
  max: number;
  httpP50: number;
  httpP99: number;
  /** Count per failure: HTTP status, or "error" for a failed request. */
  failures: Record<string, number>;
  /** Server CPU per message sent (send request, fan-out, notification). */
  cpuPerMessage: CpuSpent | null;
};

const MAX_IN_FLIGHT = 500;
const CONNECT_BATCH = 100;
const GRACE_MS = 5_000;

type Receipt = (content: string, at: number) => void;

/**
 * POSTs a JSON body and resolves with the status once the answer is read. node:http with a
 * keep-alive agent costs the bench process far less CPU per request than fetch, and that CPU
 * is taken from the server under test on the same machine.
 */
function postJson(agent: Agent, url: string, token: string, body: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const outgoing = request(
      url,
      {
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), authorization: `Bearer ${token}` },
      },
      (response) => {
        response.on('error', reject);
        response.on('end', () => resolve(response.statusCode ?? 0));
        response.resume();
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

/** Opens ws://…/ws, sends the auth frame, resolves on auth.ok; message.created from others go to `onMessage`. */
function openAuthedSocket(baseUrl: string, userId: number, token: string, onMessage: Receipt): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/ws`);
    const timer = setTimeout(() => {
      socket.terminate();
      reject(new Error(`socket of person ${userId}: no auth.ok within 15 s`));
    }, 15_000);
    socket.once('open', () => socket.send(JSON.stringify({ type: 'auth', token })));
    socket.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    socket.once('close', (code) => {
      clearTimeout(timer);
      reject(new Error(`socket of person ${userId} closed with ${code} before auth.ok`));
    });
    socket.on('message', (raw) => {
      const at = performance.now();
      const text = String(raw);
      // Each message also brings conversation.updated and notification.created: skip parsing those.
      if (!text.includes('"message.created"') && !text.includes('"auth.ok"')) return;
      const event = JSON.parse(text) as { type: string; data?: { sender_id?: number; content?: string } };
      if (event.type === 'auth.ok') {
        clearTimeout(timer);
        socket.removeAllListeners('close');
        socket.removeAllListeners('error');
        socket.on('error', () => undefined);
        resolve(socket);
      } else if (event.type === 'message.created' && event.data?.sender_id !== userId && event.data?.content) {
        onMessage(event.data.content, at);
      }
    });
  });
}

async function closeAll(sockets: WebSocket[]): Promise<void> {
  await Promise.all(
    sockets.map(
      (socket) =>
        new Promise<void>((resolve) => {
          if (socket.readyState === WebSocket.CLOSED) return resolve();
          const timer = setTimeout(() => {
            socket.terminate();
            resolve();
          }, 3_000);
          socket.once('close', () => {
            clearTimeout(timer);
            resolve();
          });
          socket.close();
        }),
    ),
  );
}

/**
 * `clients` sockets (the chatters of conversations 1..clients/2, both sides), then a stream of
 * messages between those pairs at `rate`/s for `seconds`: latency is from the start of the
 * send request to the recipient's socket receiving message.created.
 */
export async function runRealtime(options: RealtimeOptions): Promise<RealtimeResult> {
  const pairs = Math.max(1, Math.min(CHATTER_PAIRS, Math.floor(options.clients / 2)));
  const sentAt = new Map<string, number>();
  const latencies: number[] = [];
  let lastReceiptAt = 0;
  const receipt: Receipt = (content, at) => {
    const started = sentAt.get(content);
    if (started === undefined) return;
    sentAt.delete(content);
    latencies.push(at - started);
    lastReceiptAt = at;
  };

  const people: number[] = [];
  for (let index = 0; index < pairs; index += 1) {
    const { a, b } = conversationPair(index + 1);
    people.push(a, b);
  }
  const connectStarted = performance.now();
  const sockets: WebSocket[] = [];
  const agent = new Agent({ keepAlive: true, maxSockets: MAX_IN_FLIGHT });
  try {
    for (let start = 0; start < people.length; start += CONNECT_BATCH) {
      const batch = people.slice(start, start + CONNECT_BATCH).map((id) => {
        const token = options.tokens.get(id);
        if (!token) throw new Error(`No access token for person ${id}`);
        return openAuthedSocket(options.baseUrl, id, token, receipt);
      });
      const settled = await Promise.allSettled(batch);
      for (const outcome of settled) if (outcome.status === 'fulfilled') sockets.push(outcome.value);
      const failure = settled.find((outcome) => outcome.status === 'rejected');
      if (failure) throw failure.reason;
    }
    const connectSeconds = (performance.now() - connectStarted) / 1000;
    console.log(
      `  ${sockets.length} sockets authenticated in ${connectSeconds.toFixed(1)} s; streaming ${options.rate} msg/s for ${options.seconds} s…`,
    );

    const inFlight = new Set<Promise<void>>();
    const httpLatencies: number[] = [];
    let skipped = 0;
    let httpFailed = 0;
    const failures: Record<string, number> = {};
    const fail = (reason: string) => {
      httpFailed += 1;
      failures[reason] = (failures[reason] ?? 0) + 1;
    };
    const send = (n: number) => {
      if (inFlight.size >= MAX_IN_FLIGHT) {
        skipped += 1;
        return;
      }
      const conversationId = 1 + (n % pairs);
      const pair = conversationPair(conversationId);
      const sender = Math.floor(n / pairs) % 2 === 0 ? pair.a : pair.b;
      const content = `rt-${n}`;
      const started = performance.now();
      sentAt.set(content, started);
      const url = `${options.baseUrl}/social/conversations/${conversationId}/send_message/`;
      const request = postJson(agent, url, options.tokens.get(sender) ?? '', JSON.stringify({ content }))
        .then((status) => {
          if (status === 201) httpLatencies.push(performance.now() - started);
          else {
            fail(String(status));
            sentAt.delete(content);
          }
        })
        .catch(() => {
          fail('error');
          sentAt.delete(content);
        })
        .finally(() => inFlight.delete(request));
      inFlight.add(request);
    };

    const cpuBefore = options.cpu.read();
    const streamStarted = performance.now();
    const clock = atRate(options.rate, send);
    await new Promise((resolve) => setTimeout(resolve, options.seconds * 1000));
    const fired = clock.stop();
    await Promise.all([...inFlight]);
    const graceEnd = performance.now() + GRACE_MS;
    while (sentAt.size > 0 && performance.now() < graceEnd) await new Promise((resolve) => setTimeout(resolve, 50));
    const streamSeconds = (performance.now() - streamStarted) / 1000;
    const cpuMillis = cpuMillisBetween(cpuBefore, options.cpu.read());
    const deliverySeconds = Math.max(options.seconds, (lastReceiptAt - streamStarted) / 1000);

    return {
      clients: sockets.length,
      connectSeconds,
      sent: fired - skipped,
      skipped,
      httpFailed,
      delivered: latencies.length,
      lost: sentAt.size,
      streamSeconds,
      deliveredPerSecond: latencies.length / deliverySeconds,
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      max: latencies.reduce((a, b) => Math.max(a, b), 0),
      httpP50: percentile(httpLatencies, 50),
      httpP99: percentile(httpLatencies, 99),
      failures,
      cpuPerMessage: perItem(cpuMillis, fired - skipped),
    };
  } finally {
    agent.destroy();
    await closeAll(sockets);
  }
}
