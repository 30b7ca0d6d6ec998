/** One call driven by autocannon, with every response's time kept so p95 is exact (autocannon has none). */
import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';

export type CallResult = {
  name: string;
  target: number;
  p50: number;
  p95: number;
  p99: number;
  rps: number;
  /** Answers outside 2xx plus transport errors and timeouts. */
  errors: number;
  /** Mean response body size. */
  bytes: number;
  /** Answers received within the run (requests still waiting when it ends are not answers). */
  answered: number;
  sqlMs?: number;
};

const percentile = (sorted: number[], share: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? 0;

export const driveCall = async (options: {
  base: string;
  connections: number;
  duration: number;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  path: () => string;
  /** Headers of one request by its path (e.g. the token of the agent whose loan it pays), over `headers`. */
  headersFor?: (path: string) => Record<string, string>;
  body?: () => string;
  /** A fresh Idempotency-Key on every request, as a phone or the web app sends. */
  idempotent?: boolean;
}): Promise<Omit<CallResult, 'name' | 'target'>> => {
  const times: number[] = [];
  let bodyBytes = 0;
  const result = await autocannon({
    url: options.base,
    connections: options.connections,
    duration: options.duration,
    timeout: 30,
    requests: [
      {
        method: options.method,
        setupRequest: (request) => {
          const path = options.path();
          return {
            ...request,
            path,
            headers: {
              ...options.headers,
              ...options.headersFor?.(path),
              ...(options.idempotent ? { 'idempotency-key': randomUUID() } : {}),
            },
            ...(options.body ? { body: options.body() } : {}),
          };
        },
      },
    ],
    setupClient: (client) => {
      client.on('response', (_status: number, bytes: number, responseTime: number) => {
        times.push(responseTime);
        bodyBytes += bytes;
      });
    },
  });
  times.sort((a, b) => a - b);
  return {
    p50: percentile(times, 0.5),
    p95: percentile(times, 0.95),
    p99: percentile(times, 0.99),
    rps: result.requests.total / options.duration,
    errors: result.non2xx + result.errors + result.timeouts,
    bytes: times.length > 0 ? bodyBytes / times.length : 0,
    answered: times.length,
  };
};
