import { addDays, earliestSendAt, type IsoDate, OVERDUE_NOTICE_DAYS } from '@lending/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  outboxInsert,
  writeDueReminders,
  writeNotificationMessages,
  writeOutbox,
  writeOverdueNotices,
} from './outbox-repository';

/** A payment's receipt: what the borrower is told they paid. */
export type ReceiptFacts = {
  customerId: number;
  customerName: string;
  loanId: number;
  loanCode: string;
  /** Money collected by the call, in paise, over every EMI it paid. */
  amountPaise: number;
  /** The EMI paid, or the range a collection paid ('3-7'). */
  emiNumbers: string;
  paidOn: IsoDate;
  now: Date;
};

/**
 * The receipt's messages as a CTE of the payment's own statement (no round trip more on the payment
 * path): keyed by the payment record's id, which only that statement knows (`paymentId`), so a replay
 * of the call writes nothing new; sent at once.
 */
export const receiptOutboxInsert = (facts: ReceiptFacts, paymentId: SQL): SQL =>
  outboxInsert({
    event: 'payment_received',
    eventKey: sql`'payment_received:' || ${paymentId}`,
    userId: facts.customerId,
    loanId: facts.loanId,
    variables: sql`jsonb_build_object('payment_id', ${paymentId}, 'name', ${facts.customerName}::text,
      'amount_paise', ${facts.amountPaise}::bigint, 'emi_number', ${facts.emiNumbers}::text,
      'paid_on', ${facts.paidOn}::text, 'loan_code', ${facts.loanCode}::text)`,
    dueAt: earliestSendAt('payment_received', facts.now),
    now: facts.now,
  });

/** A bounce's notice to the borrower, in the bounce's transaction; held for the day window. */
export const queueBounceNotice = (
  tx: Executor,
  facts: {
    bounceId: number;
    customerId: number;
    customerName: string;
    loanId: number;
    loanCode: string;
    emiNumber: number;
    amountPaise: number;
    chargePaise: number;
    now: Date;
  },
): Promise<number> =>
  writeOutbox(tx, {
    event: 'emi_bounced',
    eventKey: sql`${`emi_bounced:${facts.bounceId}`}::text`,
    userId: facts.customerId,
    loanId: facts.loanId,
    variables: sql`jsonb_build_object('name', ${facts.customerName}::text, 'amount_paise', ${facts.amountPaise}::bigint,
      'emi_number', ${facts.emiNumber}::int, 'charge_paise', ${facts.chargePaise}::bigint, 'loan_code', ${facts.loanCode}::text)`,
    dueAt: earliestSendAt('emi_bounced', facts.now),
    now: facts.now,
  });

/** A loan's welcome with its schedule, written when it is approved; held for the day window. */
export const queueLoanWelcome = (
  tx: Executor,
  facts: {
    customerId: number;
    customerName: string;
    loanId: number;
    loanCode: string;
    amountPaise: number;
    emiPaise: number;
    emiCount: number;
    firstDueOn: IsoDate;
    now: Date;
  },
): Promise<number> =>
  writeOutbox(tx, {
    event: 'loan_approved',
    eventKey: sql`${`loan_approved:${facts.loanId}`}::text`,
    userId: facts.customerId,
    loanId: facts.loanId,
    variables: sql`jsonb_build_object('name', ${facts.customerName}::text, 'amount_paise', ${facts.amountPaise}::bigint,
      'emi_paise', ${facts.emiPaise}::bigint, 'emi_count', ${facts.emiCount}::int,
      'first_due_on', ${facts.firstDueOn}::text, 'loan_code', ${facts.loanCode}::text)`,
    dueAt: earliestSendAt('loan_approved', facts.now),
    now: facts.now,
  });

/**
 * An admin's notification, off the app too: each recipient on the channels they agreed to, in the
 * sending transaction; held for the day window like every message that is not a receipt.
 */
export const queueNotificationMessages = (
  tx: Executor,
  facts: {
    notifications: readonly { id: number; userId: number }[];
    subject: string;
    description: string;
    now: Date;
  },
): Promise<number> =>
  writeNotificationMessages(tx, { ...facts, dueAt: earliestSendAt('notification_sent', facts.now) });

/**
 * The day-end close's messages for closed day `day`, in the close's transaction: reminders of the
 * instalments due the day after tomorrow's morning (`day` + 2: the close runs late on `day`, and the
 * reminder is read from 08:00 the next day as "due tomorrow"), and overdue notices of loans exactly
 * 1, 7 or 30 days past due that day. A catch-up of days long past writes neither: a reminder of a day
 * gone by, or a notice of a stale position, would mislead.
 */
export const queueDayEndMessages = async (
  tx: Executor,
  input: { day: IsoDate; today: IsoDate; now: Date },
): Promise<{ reminders: number; notices: number }> => {
  const dueOn = addDays(input.day, 2);
  const dueAt = earliestSendAt('emi_due_tomorrow', input.now);
  const reminders = dueOn > input.today ? await writeDueReminders(tx, { dueOn, dueAt, now: input.now }) : 0;
  const notices =
    input.day >= addDays(input.today, -1)
      ? await writeOverdueNotices(tx, {
          day: input.day,
          thresholds: OVERDUE_NOTICE_DAYS,
          dueAt,
          now: input.now,
        })
      : 0;
  return { reminders, notices };
};
