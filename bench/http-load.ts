import autocannon from 'autocannon';

/** One request the generator hands autocannon (a new one for every request sent). */
export type RequestSpec = {
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  /** JSON text; sent with content-type application/json. */
  body?: string;
};

export type LoadResult = {
  requests: number;
  seconds: number;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  /** Responses outside 2xx, and connection errors/timeouts. */
  non2xx: number;
  errors: number;
  /** Count per HTTP status, e.g. {"200": 5120, "401": 3}. */
  statuses: Record<string, number>;
};

export type LoadOptions = { connections: number; seconds: number };

/** What browsers send: the server then compresses JSON answers of 1 KB or more, and the bench pays for it. */
export const ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

function toRequest(spec: RequestSpec): autocannon.Request {
  const headers: Record<string, string> = { 'accept-encoding': ACCEPT_ENCODING, ...spec.headers };
  if (spec.body !== undefined) headers['content-type'] = 'application/json';
  return { method: spec.method, path: spec.path, headers, ...(spec.body !== undefined ? { body: spec.body } : {}) };
}

/**
 * Drives `next()` with autocannon: `connections` keep-alive connections, each sending its next
 * request as soon as the previous answer arrived, for `seconds`. Every request comes from
 * `next()`, so users and ids rotate per request.
 */
export function runLoad(baseUrl: string, next: () => RequestSpec, options: LoadOptions): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: baseUrl,
        connections: options.connections,
        duration: options.seconds,
        timeout: 30,
        requests: [{ setupRequest: () => toRequest(next()) }],
      },
      (error: Error | null, result: autocannon.Result) => {
        if (error) {
          reject(error);
          return;
        }
        const statuses: Record<string, number> = {};
        for (const [code, stat] of Object.entries(result.statusCodeStats ?? {})) statuses[code] = stat.count ?? 0;
        const completed = result['1xx'] + result['2xx'] + result['3xx'] + result['4xx'] + result['5xx'];
        resolve({
          requests: completed,
          seconds: result.duration,
          requestsPerSecond: completed / result.duration,
          p50: result.latency.p50,
          p99: result.latency.p99,
          non2xx: result.non2xx + result.errors,
          errors: result.errors,
          statuses,
        });
      },
    );
  });
}
