import type { IncomingMessage } from 'node:http';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger, requestLoggerFactory } from './logging';

const capture = () => {
  const lines: { level: number; msg: string; route?: string; err?: { message: string } }[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { log: createLogger('info', sink), lines };
};

/** A request as the logger sees it: connected or gone. */
const request = (gone: boolean) =>
  ({
    method: 'GET',
    url: '/api/loans/export?search=asha',
    destroyed: gone,
    socket: { destroyed: gone },
  }) as unknown as IncomingMessage;

const prematureClose = () => new Error('premature close');
const nodePrematureClose = () =>
  Object.assign(new Error('Premature close'), { code: 'ERR_STREAM_PREMATURE_CLOSE' });

describe('a client hanging up mid-answer', () => {
  it('is an info line naming the route (never its query), whichever way the error is logged', () => {
    const { log, lines } = capture();
    const child = requestLoggerFactory(log, { reqId: 'r1' }, {}, request(true));
    child.error(prematureClose());
    child.error({ err: nodePrematureClose() }, 'stream failed');
    expect(lines.map(({ level, msg, route }) => ({ level, msg, route }))).toEqual([
      {
        level: 30,
        msg: 'the client closed the connection before the answer was complete',
        route: 'GET /api/loans/export',
      },
      {
        level: 30,
        msg: 'the client closed the connection before the answer was complete',
        route: 'GET /api/loans/export',
      },
    ]);
  });

  it('stays an error while the client is still connected, or outside a request', () => {
    const { log, lines } = capture();
    requestLoggerFactory(log, { reqId: 'r2' }, {}, request(false)).error(prematureClose());
    log.error(prematureClose());
    expect(lines.map((line) => line.level)).toEqual([50, 50]);
  });

  it('leaves every other error an error', () => {
    const { log, lines } = capture();
    requestLoggerFactory(log, { reqId: 'r3' }, {}, request(true)).error(
      new Error('the database refused the query'),
    );
    expect(lines).toMatchObject([{ level: 50, err: { message: 'the database refused the query' } }]);
  });
});
