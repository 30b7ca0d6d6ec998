import type { JobKind } from '@lending/domain';
import type { Db } from '../../db/client';
import type { JobRow } from '../../db/schema';

/** How a running queue takes a row enqueued in its process: sends it to pg-boss, wakes a worker. */
export type JobSender = {
  /** Never throws: a row whose send failed stays queued and is sent again by the orphan sweep. */
  send: (row: JobRow) => Promise<void>;
  maxAttemptsOf: (kind: JobKind) => number | undefined;
};

// The queues running in this process, by the database they serve (tests run two on one database).
const senders = new Map<Db, JobSender[]>();

/** Makes `sender` the way rows enqueued on `db` are sent; answers how to take it back. */
export const registerSender = (db: Db, sender: JobSender): (() => void) => {
  senders.set(db, [...(senders.get(db) ?? []), sender]);
  return () => {
    const left = (senders.get(db) ?? []).filter((other) => other !== sender);
    if (left.length > 0) senders.set(db, left);
    else senders.delete(db);
  };
};

/** The queue that sends rows enqueued on `db`, or undefined when none runs in this process. */
export const senderFor = (db: Db): JobSender | undefined => senders.get(db)?.[0];
