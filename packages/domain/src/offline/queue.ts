import type { PaymentMode } from '../lending/types';
import { type Paise, rupeesToPaise } from '../money/paise';
import type { TOverdueLoanGroup } from '../web-rules/field';

/**
 * A collection the agent made without a network, kept on the phone until the server has it. `key`
 * is the Idempotency-Key made when the cash was taken: every send of this item carries it, so a
 * retry replays the first answer instead of paying twice.
 */
export type TQueuedCollection = {
  key: string;
  /** The signed-in agent whose phone queued it (a queue is never sent by another account). */
  agentId: number;
  loanId: number;
  loanCode: string;
  customerName: string;
  /** `overdue`: every overdue EMI of the loan in full; `partial`: part of one EMI. */
  kind: 'overdue' | 'partial';
  emiNumbers: number[];
  /** Cash taken, in paise (for `overdue` what the server must find due, late charge included). */
  amount: Paise;
  lateCharge: Paise | null;
  mode: PaymentMode;
  /** The phone's time of collection (ISO). */
  collectedAt: string;
  /** A refusal the server answered: the item waits for the agent's choice. */
  conflict?: { code: string; message: string };
};

/** What a send of a queued item asks: the API path (under /api) and the body. */
export type TQueuedRequest = { path: string; body: Record<string, unknown> };

const rupees = (paise: Paise) => paise / 100;

/** The money call a queued collection is sent as (the same calls the online screens use). */
export const requestOfQueued = (item: TQueuedCollection): TQueuedRequest => {
  if (item.kind === 'partial') {
    return {
      path: `/emi/pay/${item.loanId}/${item.emiNumbers[0]}`,
      body: {
        payment_type: 'partial',
        payment_amount: rupees(item.amount),
        payment_mode: item.mode,
        collected_at: item.collectedAt,
      },
    };
  }
  return {
    path: '/emis/pay-overdue',
    body: {
      loan_id: item.loanId,
      payment_mode: item.mode,
      expected_total: rupees(item.amount),
      collected_at: item.collectedAt,
      ...(item.lateCharge === null ? {} : { late_charge_amount: rupees(item.lateCharge) }),
    },
  };
};

/**
 * The Idempotency-Key of keeping a conflicted collection as the loan's credit held: derived from the
 * key made when the cash was taken, so every retry of this choice records the cash once, and it never
 * collides with the collection's own (refused) request.
 */
export const creditHeldKeyOf = (key: string): string => `${key}:credit-held`;

/**
 * The agent's other choice on a conflict: the cash taken, recorded as the loan's credit held
 * (POST /loans/{id}/hold-cash) with the phone's time and the refusal the collection met.
 */
export const holdRequestOfQueued = (item: TQueuedCollection): TQueuedRequest => ({
  path: `/loans/${item.loanId}/hold-cash`,
  body: {
    amount: rupees(item.amount),
    payment_mode: item.mode,
    collected_at: item.collectedAt,
    ...(item.conflict ? { reason: item.conflict.code.slice(0, 64) } : {}),
  },
});

/** How a failed send is handled: try again later (no answer, the server busy) or stop for the agent. */
export type TSyncFailure = { kind: 'retry' } | { kind: 'conflict'; message: string };

const CONFLICT_MESSAGES: Record<string, string> = {
  EMI_ALREADY_PAID: 'This EMI was already paid by someone else while you were offline.',
  NOTHING_OVERDUE: "This loan's overdue EMIs were already paid by someone else while you were offline.",
  PAYMENT_AMOUNT_MISMATCH: 'The amount due changed since you collected: it no longer matches the cash taken.',
  PARTIAL_AMOUNT_OUT_OF_RANGE: 'The amount no longer fits this EMI: the loan was changed.',
  LOAN_TERMINAL: 'The loan was closed (or put in default) while you were offline.',
  LOAN_NOT_APPROVED: 'The loan is no longer approved.',
  EMI_NOT_FOUND: 'The EMI no longer exists: the loan was edited.',
  NOT_FOUND: 'The loan is no longer among your customers, or was deleted.',
  COLLECTED_AT_OUT_OF_RANGE: 'This collection is more than 7 days old (or the phone clock is wrong).',
};

/**
 * Classifies a failed send by the answer's status and code: no answer, a timeout, a 5xx or the same
 * key still running is retried later; any other refusal is a conflict the agent decides on, with a
 * specific message (the server's own when the code has none here).
 */
export const classifySyncFailure = (status: number, code: string, serverMessage: string): TSyncFailure => {
  if (status === 0 || status >= 500 || code === 'IDEMPOTENCY_IN_FLIGHT' || status === 401)
    return { kind: 'retry' };
  return { kind: 'conflict', message: CONFLICT_MESSAGES[code] ?? serverMessage };
};

/** Queued items of one agent, oldest collection first: the order they are sent in. */
export const queueOrder = (items: readonly TQueuedCollection[], agentId: number): TQueuedCollection[] =>
  items
    .filter((item) => item.agentId === agentId)
    .sort((a, b) => a.collectedAt.localeCompare(b.collectedAt) || a.key.localeCompare(b.key));

/** The loans with a collection waiting on the phone, and what was taken on each (paise). */
export const waitingByLoan = (items: readonly TQueuedCollection[]): Map<number, Paise> => {
  const waiting = new Map<number, Paise>();
  for (const item of items) waiting.set(item.loanId, (waiting.get(item.loanId) ?? 0) + item.amount);
  return waiting;
};

/** What the collector typed: the mode, an optional late charge, and an amount for a partial payment. */
export type TCollectInput = {
  agentId: number;
  key: string;
  mode: PaymentMode;
  lateCharge: Paise | null;
  /** Set: part of the oldest overdue EMI only (no late charge); unset: every overdue EMI in full. */
  partialAmount: Paise | null;
  now: Date;
};

/**
 * The collection as it is sent, or queued when offline (the same request either way, so a send whose
 * answer was lost can be queued and replayed under its key).
 */
export const queuedCollectionOf = (group: TOverdueLoanGroup, input: TCollectInput): TQueuedCollection => {
  const base = {
    key: input.key,
    agentId: input.agentId,
    loanId: group.loan_id,
    loanCode: group.loan_code,
    customerName: group.customer_name,
    mode: input.mode,
    collectedAt: input.now.toISOString(),
  };
  if (input.partialAmount !== null)
    return {
      ...base,
      kind: 'partial',
      emiNumbers: group.overdue_emi_numbers.slice(0, 1),
      amount: input.partialAmount,
      lateCharge: null,
    };
  return {
    ...base,
    kind: 'overdue',
    emiNumbers: [...group.overdue_emi_numbers],
    amount: group.total_due + (input.lateCharge ?? 0),
    lateCharge: input.lateCharge,
  };
};

/** The most a partial payment takes: the oldest overdue EMI's amount (paise). */
export const partialLimitOf = (group: TOverdueLoanGroup): Paise => rupeesToPaise(group.emis[0]?.amount ?? 0);

/**
 * Whether a payment's phone time is worth showing beside the server's: it reached the server more
 * than a few minutes after the cash was taken (it waited on the phone).
 */
export const waitedOnPhone = (collectedAt: string | null, paidAt: string | null): boolean =>
  collectedAt !== null &&
  paidAt !== null &&
  new Date(paidAt).getTime() - new Date(collectedAt).getTime() > 5 * 60 * 1000;
