import type { CreditEventType } from '@lending/domain';
import { and, asc, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { creditEvents, type EmiRow, emiBounces, emiPayments, emis, users } from '../../db/schema';

export type PaymentRow = typeof emiPayments.$inferSelect;
export type NewPayment = typeof emiPayments.$inferInsert;
export type NewBounce = typeof emiBounces.$inferInsert;

export const insertPayment = async (tx: Executor, values: NewPayment): Promise<PaymentRow> => {
  const [row] = await tx.insert(emiPayments).values(values).returning();
  if (!row) throw new Error('insert returned no payment');
  return row;
};

/** Records a bounce; answers its id. */
export const insertBounce = async (tx: Executor, values: NewBounce): Promise<number> => {
  const [row] = await tx.insert(emiBounces).values(values).returning({ id: emiBounces.id });
  if (!row) throw new Error('the bounce was not recorded');
  return row.id;
};

export const findEmiById = async (db: Executor, id: number): Promise<EmiRow | null> => {
  const [row] = await db.select().from(emis).where(eq(emis.id, id)).limit(1);
  return row ?? null;
};

export const findEmiByNumber = async (
  db: Executor,
  loanId: number,
  emiNumber: number,
): Promise<EmiRow | null> => {
  const [row] = await db
    .select()
    .from(emis)
    .where(and(eq(emis.loanId, loanId), eq(emis.emiNumber, emiNumber)))
    .limit(1);
  return row ?? null;
};

/** Several EMIs of a loan by number, in order. */
export const findEmisByNumber = (db: Executor, loanId: number, numbers: readonly number[]) =>
  numbers.length === 0
    ? Promise.resolve([] as EmiRow[])
    : db
        .select()
        .from(emis)
        .where(and(eq(emis.loanId, loanId), inArray(emis.emiNumber, [...numbers])))
        .orderBy(asc(emis.emiNumber));

/** Notes staff typed with a payment or bounce; the EMI keeps the latest. */
export const setEmiNotes = async (tx: Executor, emiId: number, notes: string, now: Date) => {
  await tx.update(emis).set({ notes, updatedAt: now }).where(eq(emis.id, emiId));
};

/** A payment record with its collector's name. */
export type PaymentWithCollector = PaymentRow & { collectorName: string | null };

const paymentsWithCollector = (db: Executor, where: SQL) =>
  db
    .select({ payment: emiPayments, collectorName: users.name })
    .from(emiPayments)
    .leftJoin(users, eq(users.id, emiPayments.collectedBy))
    .where(where)
    .orderBy(desc(emiPayments.id))
    .limit(1);

/** The latest payment recorded for an EMI row, with its collector's name. */
export const latestPaymentOf = async (db: Executor, emiId: number): Promise<PaymentWithCollector | null> => {
  const [row] = await paymentsWithCollector(db, eq(emiPayments.emiId, emiId));
  return row ? { ...row.payment, collectorName: row.collectorName } : null;
};

/** One payment record by id, with its collector's name. */
export const findPaymentWithCollector = async (
  db: Executor,
  paymentId: number,
): Promise<PaymentWithCollector | null> => {
  const [row] = await paymentsWithCollector(db, eq(emiPayments.id, paymentId));
  return row ? { ...row.payment, collectorName: row.collectorName } : null;
};

/** Moves a paid EMI's business date, and its latest payment record's with it. */
export const setPaymentDate = async (tx: Executor, emiId: number, date: string, now: Date) => {
  await tx.update(emis).set({ paymentDate: date, updatedAt: now }).where(eq(emis.id, emiId));
  const latest = await latestPaymentOf(tx, emiId);
  if (latest) await tx.update(emiPayments).set({ paymentDate: date }).where(eq(emiPayments.id, latest.id));
};

const PAID_EVENTS: CreditEventType[] = ['EMI_PAID_ON_TIME', 'EMI_PAID_LATE'];

/** Re-dates the credit event of an EMI's payment (on time or late, as the new date makes it). */
export const redatePaymentEvent = async (
  tx: Executor,
  loanId: number,
  emiNumber: number,
  eventType: CreditEventType,
  date: string,
): Promise<number> => {
  const updated = await tx
    .update(creditEvents)
    .set({ eventType, eventDate: date })
    .where(
      and(
        eq(creditEvents.loanId, loanId),
        eq(creditEvents.emiNumber, emiNumber),
        inArray(creditEvents.eventType, PAID_EVENTS),
      ),
    )
    .returning({ id: creditEvents.id });
  return updated.length;
};
