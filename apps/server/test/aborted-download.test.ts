import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { capturedLog } from './support/captured-log';
import { loanTestApp } from './support/loan-api';
import { createLoan } from './support/loans';

/**
 * A client that hangs up while an export is still being written (a cancelled download, a closed
 * tab, a load test's timeout): the real app on a real socket, 500 loans read one per batch so the
 * answer takes a second, compressed as a browser asks for it. The compression plugin's pipeline
 * fails with "premature close" then, which it logs as an error unless the logger knows better.
 */
const captured = capturedLog();
const { t, cast } = await loanTestApp({ log: captured.log, exportBatchRows: 1 });
const LOANS = 500;
const unhandled: unknown[] = [];
const onUnhandled = (error: unknown) => unhandled.push(error);
let origin = '';

beforeAll(async () => {
  process.on('uncaughtException', onUnhandled);
  process.on('unhandledRejection', onUnhandled);
  for (let index = 0; index < LOANS; index += 1)
    await createLoan(t.db, { customer: cast.customerA, totalEmiDays: 3 });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}, 120_000);
afterAll(() => {
  process.off('uncaughtException', onUnhandled);
  process.off('unhandledRejection', onUnhandled);
});

/** Asks for the download and hangs up while the server is still writing it. */
const hangUpOn = (path: string, encoding: string) =>
  new Promise<void>((resolve) => {
    const request = http.get(`${origin}${path}`, {
      headers: { ...cast.superadmin, 'accept-encoding': encoding },
    });
    request.on('error', () => undefined);
    setTimeout(() => {
      request.destroy();
      resolve();
    }, 150);
  });

type Line = { level: number; msg: string; route?: string };
const lines = (): Line[] =>
  captured
    .text()
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Line);

it('logs a client hanging up mid-download at info with the route, never as an error, and keeps answering', async () => {
  for (const encoding of ['gzip', 'br']) await hangUpOn('/api/loans/export', encoding);
  // The server notices a hang-up when it next writes; wait for both.
  await expect
    .poll(() => lines().filter((line) => line.route === 'GET /api/loans/export').length, { timeout: 20_000 })
    .toBe(2);

  expect(
    lines().filter((line) => line.level >= 50),
    captured.text(),
  ).toEqual([]);
  const hangUps = lines().filter((line) => line.route !== undefined);
  expect(hangUps.map((line) => [line.level, line.msg])).toEqual([
    [30, 'the client closed the connection before the answer was complete'],
    [30, 'the client closed the connection before the answer was complete'],
  ]);

  const health = await fetch(`${origin}/api/health`);
  expect(health.status).toBe(200);
  const whole = await fetch(`${origin}/api/loans/export`, { headers: cast.superadmin });
  expect(whole.status).toBe(200);
  expect((await whole.text()).trimEnd().split('\n')).toHaveLength(LOANS + 1);
  expect(unhandled).toEqual([]);
}, 60_000);
