import type { TMessageEvent } from '@lending/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { rowsOf } from '../../db/sql';

/**
 * The channels a borrower may be reached on, as rows of (channel, recipient) beside their `users`
 * row `u`: each only when they agreed to it, have not opted out and have that address.
 */
const REACHABLE = sql`cross join lateral (values ('sms', u.mobile), ('whatsapp', u.mobile), ('email', u.email))
    as c(channel, recipient)`;
const CONSENTED = sql`u.messages_opted_out_at is null and c.channel = any(u.message_channels)
    and c.recipient is not null and c.recipient <> ''`;

const COLUMNS = sql`(event_key, event, channel, recipient, user_id, loan_id, language, variables, status, due_at, created_at)`;

/** One event's message to one borrower, on each channel they agreed to. */
export type OutboxEvent = {
  event: TMessageEvent;
  /** The event's key: with channel and recipient, what makes a replayed event write nothing new. */
  eventKey: SQL;
  userId: number;
  loanId: number | null;
  /** The facts its template's variables are filled from, as a jsonb expression. */
  variables: SQL;
  dueAt: Date;
  now: Date;
};

/**
 * The INSERT that writes an event's messages, usable as a CTE of the event's own statement (a
 * payment's, which names its record's id only inside that statement).
 */
export const outboxInsert = (event: OutboxEvent): SQL => sql`
  insert into messages ${COLUMNS}
  select ${event.eventKey}, ${event.event}, c.channel, c.recipient, u.id, ${event.loanId}, u.language,
         ${event.variables}, 'queued', ${event.dueAt}, ${event.now}
    from users u ${REACHABLE}
   where u.id = ${event.userId} and ${CONSENTED}
  on conflict (event_key, channel, recipient) do nothing`;

/** Writes an event's messages in the caller's transaction; answers how many were written. */
export const writeOutbox = async (tx: Executor, event: OutboxEvent): Promise<number> => {
  const result = await tx.execute(
    sql`with written as (${outboxInsert(event)} returning 1) select count(*)::int as n from written`,
  );
  return rowsOf<{ n: number }>(result)[0]?.n ?? 0;
};

/**
 * The reminders of the instalments due on `dueOn`: one per open loan with a pending instalment that
 * day, to each borrower on each channel they agreed to. Keyed by loan and day.
 */
export const writeDueReminders = async (
  tx: Executor,
  input: { dueOn: string; dueAt: Date; now: Date },
): Promise<number> => {
  const result = await tx.execute(sql`
    with written as (
      insert into messages ${COLUMNS}
      select 'emi_due_tomorrow:' || l.id || ':' || e.emi_date, 'emi_due_tomorrow', c.channel, c.recipient, u.id, l.id,
             u.language,
             jsonb_build_object('name', u.name, 'amount_paise', e.amount + e.late_charge, 'due_on', e.emi_date,
                                'loan_code', l.loan_code),
             'queued', ${input.dueAt}, ${input.now}
        from emis e
        join loans l on l.id = e.loan_id and l.status = 'approved'
        join users u on u.id = l.customer_id
        ${REACHABLE}
       where e.emi_date = ${input.dueOn} and e.status = 'pending' and ${CONSENTED}
      on conflict (event_key, channel, recipient) do nothing
      returning 1)
    select count(*)::int as n from written`);
  return rowsOf<{ n: number }>(result)[0]?.n ?? 0;
};

/**
 * An admin's in-app notifications, each also to its recipient on the channels they agreed to: one
 * statement for every recipient, keyed by the notification row (one per recipient), so a replay
 * writes nothing new.
 */
export const writeNotificationMessages = async (
  tx: Executor,
  input: {
    notifications: readonly { id: number; userId: number }[];
    subject: string;
    description: string;
    dueAt: Date;
    now: Date;
  },
): Promise<number> => {
  if (input.notifications.length === 0) return 0;
  const ids = `{${input.notifications.map((n) => Number(n.id)).join(',')}}`;
  const userIds = `{${input.notifications.map((n) => Number(n.userId)).join(',')}}`;
  const result = await tx.execute(sql`
    with written as (
      insert into messages ${COLUMNS}
      select 'notification_sent:' || n.id, 'notification_sent', c.channel, c.recipient, u.id, null, u.language,
             jsonb_build_object('name', u.name, 'subject', ${input.subject}::text, 'message', ${input.description}::text),
             'queued', ${input.dueAt}, ${input.now}
        from unnest(${ids}::int[], ${userIds}::int[]) as n(id, user_id)
        join users u on u.id = n.user_id
        ${REACHABLE}
       where ${CONSENTED}
      on conflict (event_key, channel, recipient) do nothing
      returning 1)
    select count(*)::int as n from written`);
  return rowsOf<{ n: number }>(result)[0]?.n ?? 0;
};

/**
 * The overdue notices of a closed day: each loan whose register line that day is exactly one of
 * `thresholds` days past due, with its arrears. Keyed by loan and day.
 */
export const writeOverdueNotices = async (
  tx: Executor,
  input: { day: string; thresholds: readonly number[]; dueAt: Date; now: Date },
): Promise<number> => {
  const result = await tx.execute(sql`
    with written as (
      insert into messages ${COLUMNS}
      select 'emi_overdue:' || l.id || ':' || d.business_date, 'emi_overdue', c.channel, c.recipient, u.id, l.id,
             u.language,
             jsonb_build_object('name', u.name, 'amount_paise', d.arrears, 'days_overdue', d.days_past_due,
                                'loan_code', l.loan_code),
             'queued', ${input.dueAt}, ${input.now}
        from loan_class_days d
        join loans l on l.id = d.loan_id and l.status = 'approved'
        join users u on u.id = l.customer_id
        ${REACHABLE}
       where d.business_date = ${input.day}
         and d.days_past_due = any(${sql.raw(`array[${input.thresholds.map(Number).join(',')}]::int[]`)})
         and d.arrears > 0 and ${CONSENTED}
      on conflict (event_key, channel, recipient) do nothing
      returning 1)
    select count(*)::int as n from written`);
  return rowsOf<{ n: number }>(result)[0]?.n ?? 0;
};
