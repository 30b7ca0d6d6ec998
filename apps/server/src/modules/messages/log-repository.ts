import {
  addDays,
  istStartOfDay,
  MESSAGE_STATUSES,
  type TMessageListQuery,
  type TMessageStatusCounts,
} from '@lending/domain';
import { and, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { customers } from '../../db/customers';
import { loans, messages } from '../../db/schema';
import { containsPattern, rowsOf } from '../../db/sql';

/** A message row with its borrower's name and its loan's code. */
export type MessageLine = typeof messages.$inferSelect & { borrowerName: string; loanCode: string | null };

type Filter = Omit<TMessageListQuery, 'before' | 'limit'>;

/** The filter as conditions on `messages` (and the borrower, for a name or mobile search). */
const filterWhere = (filter: Filter): SQL | undefined => {
  const pattern = containsPattern(filter.search);
  return and(
    filter.channel ? eq(messages.channel, filter.channel) : undefined,
    filter.status ? eq(messages.status, filter.status) : undefined,
    filter.event ? eq(messages.event, filter.event) : undefined,
    filter.loan_id ? eq(messages.loanId, filter.loan_id) : undefined,
    filter.from ? gte(messages.createdAt, istStartOfDay(filter.from)) : undefined,
    filter.to ? lt(messages.createdAt, istStartOfDay(addDays(filter.to, 1))) : undefined,
    pattern
      ? sql`${messages.userId} in (select u.id from users u where u.name ilike ${pattern} or u.mobile ilike ${pattern})`
      : undefined,
  );
};

const lineColumns = {
  message: messages,
  borrowerName: customers.name,
  loanCode: loans.loanCode,
};

const toLine = (row: {
  message: typeof messages.$inferSelect;
  borrowerName: string;
  loanCode: string | null;
}) => ({
  ...row.message,
  borrowerName: row.borrowerName,
  loanCode: row.loanCode,
});

/** One page of the filter, newest first: `limit` messages with ids below `before`. */
export const listMessagePage = async (
  db: Executor,
  filter: Filter,
  page: { before?: number; limit: number },
): Promise<MessageLine[]> => {
  const rows = await db
    .select(lineColumns)
    .from(messages)
    .innerJoin(customers, eq(customers.id, messages.userId))
    .leftJoin(loans, eq(loans.id, messages.loanId))
    .where(and(filterWhere(filter), page.before ? lt(messages.id, page.before) : undefined))
    .orderBy(desc(messages.id))
    .limit(page.limit);
  return rows.map(toLine);
};

/** Messages of the whole filter per status. */
export const countMessagesByStatus = async (db: Executor, filter: Filter): Promise<TMessageStatusCounts> => {
  const rows = await db
    .select({ status: messages.status, count: sql<number>`count(*)::int` })
    .from(messages)
    .where(filterWhere(filter))
    .groupBy(messages.status);
  const counts = Object.fromEntries(MESSAGE_STATUSES.map((status) => [status, 0])) as TMessageStatusCounts;
  for (const row of rows) counts[row.status as keyof TMessageStatusCounts] = Number(row.count);
  return counts;
};

/** One message with its borrower and loan. */
export const findMessageLine = async (db: Executor, id: number): Promise<MessageLine | null> => {
  const [row] = await db
    .select(lineColumns)
    .from(messages)
    .innerJoin(customers, eq(customers.id, messages.userId))
    .leftJoin(loans, eq(loans.id, messages.loanId))
    .where(eq(messages.id, id));
  return row ? toLine(row) : null;
};

/** Queues a failed message again, its attempts counted afresh; answers whether it was failed. */
export const requeueFailed = async (db: Executor, id: number, now: Date): Promise<boolean> => {
  const result = await db
    .update(messages)
    .set({ status: 'queued', dueAt: now, attempts: 0, failedAt: null })
    .where(and(eq(messages.id, id), eq(messages.status, 'failed')))
    .returning({ id: messages.id });
  return result.length > 0;
};

/** Per channel: last success, failures in the hour before `now`, and messages waiting. */
export const channelActivity = async (
  db: Executor,
  now: Date,
): Promise<Map<string, { lastSuccessAt: Date | null; failuresLastHour: number; queued: number }>> => {
  const hourAgo = new Date(now.getTime() - 3_600_000);
  const rows = rowsOf<{
    channel: string;
    last_success: Date | string | null;
    failures: number;
    queued: number;
  }>(
    await db.execute(sql`
      select c.channel,
             (select max(sent_at) from messages m where m.channel = c.channel and m.sent_at is not null) as last_success,
             (select count(*)::int from messages m where m.channel = c.channel and m.failed_at >= ${hourAgo}) as failures,
             (select count(*)::int from messages m where m.channel = c.channel and m.status in ('queued', 'sending')) as queued
        from (values ('sms'), ('whatsapp'), ('email')) as c(channel)`),
  );
  return new Map(
    rows.map((row) => [
      row.channel,
      {
        lastSuccessAt: row.last_success ? new Date(row.last_success) : null,
        failuresLastHour: Number(row.failures),
        queued: Number(row.queued),
      },
    ]),
  );
};
