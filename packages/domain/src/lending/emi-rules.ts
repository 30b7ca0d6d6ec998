import { formatRupees, type Paise } from '../money';
import { carryEntry, type LedgerCause, type LedgerEntry, type MoneyParts } from './ledger';
import { isCurrentBounced, isOpen } from './open';
import { type AppliedOperation, type RefusedOperation, refuse } from './refusals';
import { type CreditEvent, type Emi, isTerminalLoanStatus, type LoanState, type LoanStatus } from './types';

/** ₹ with paise, for messages staff read. */
export const rupees = (paise: Paise): string => formatRupees(paise, 2);

/** Money moves only on approved loans; closed and default are terminal (docs/lending-rules.md). */
export const guardLoan = (state: LoanState): RefusedOperation | null => {
  if (isTerminalLoanStatus(state.status)) {
    return refuse(state, 'LOAN_TERMINAL', `This loan is ${state.status}; its EMIs can no longer change.`);
  }
  if (state.status !== 'approved') {
    return refuse(
      state,
      'LOAN_NOT_APPROVED',
      'Payments, bounces and charges are allowed only on approved loans.',
    );
  }
  return null;
};

/** EMI `emiNumber` of the loan, or the refusal saying it does not exist. */
export const lookupEmi = (state: LoanState, emiNumber: number): Emi | RefusedOperation =>
  state.emis.find((emi) => emi.emi_number === emiNumber) ??
  refuse(state, 'EMI_NOT_FOUND', `EMI ${emiNumber} does not exist on this loan.`);

/** Whether a lookup was refused. */
export const isRefused = (value: Emi | RefusedOperation | null): value is RefusedOperation =>
  value !== null && 'ok' in value && value.ok === false;

/** Refuses paying or bouncing an EMI that is settled or is a bounced EMI other than the current one. */
export const guardSettleable = (state: LoanState, emi: Emi): RefusedOperation | null => {
  const n = emi.emi_number;
  if (emi.status === 'paid' || emi.status === 'partial') {
    const how = emi.status === 'paid' ? 'paid' : 'partially paid';
    return refuse(
      state,
      'EMI_ALREADY_PAID',
      `EMI ${n} is already ${how}; it cannot be paid or bounced again.`,
    );
  }
  if (emi.status === 'foreclosed') return refuse(state, 'EMI_FORECLOSED', `EMI ${n} was foreclosed.`);
  if (emi.status === 'bounced' && !isCurrentBounced(emi)) {
    const where = emi.dues_with === null ? 'were waived' : `now sit on EMI ${emi.dues_with}`;
    return refuse(
      state,
      'BOUNCED_NOT_CURRENT',
      `EMI ${n} is not the current bounced EMI (its dues ${where}); only the current bounced EMI can be paid or bounced again.`,
    );
  }
  return null;
};

/**
 * EMI `emiNumber` when it may be paid or bounced now, or the refusal saying why not: the loan is
 * approved, the EMI exists and is neither settled nor a bounced EMI other than the current one.
 */
export const settleableEmi = (state: LoanState, emiNumber: number): Emi | RefusedOperation => {
  const found = guardLoan(state) ?? lookupEmi(state, emiNumber);
  if (isRefused(found)) return found;
  return guardSettleable(state, found) ?? found;
};

/** The penalty part of an EMI's late charge: what is not carried-in instalment money. */
export const penaltyOf = (emi: Emi): Paise => emi.late_charge - emi.carried_instalment;

/**
 * A working copy of a loan. Operations edit the copy's own EMI objects, never the input's, and
 * collect the ledger rows and credit events they produce.
 */
export type Draft = { status: LoanStatus; emis: Emi[]; entries: LedgerEntry[]; events: CreditEvent[] };

/** A working copy of `state`. */
export const draftOf = (state: LoanState): Draft => ({
  status: state.status,
  emis: state.emis.map((emi) => ({ ...emi })),
  entries: [],
  events: [],
});

/** The draft's copy of EMI `emiNumber` (callers have already looked it up in the input). */
export const emiIn = (draft: Draft, emiNumber: number): Emi => {
  const emi = draft.emis.find((candidate) => candidate.emi_number === emiNumber);
  if (!emi) throw new Error(`EMI ${emiNumber} vanished from the draft`);
  return emi;
};

/** Appends a ledger row unless it moves nothing (zero rows would only be noise). */
export const record = (draft: Draft, entry: LedgerEntry): void => {
  if (entry.amount > 0) draft.entries.push(entry);
};

/** Bounced records whose dues sat on EMI `from` now follow them to EMI `to`. */
const moveDues = (draft: Draft, from: number, to: number): void => {
  for (const emi of draft.emis) {
    if (emi.bounce_status === 'bounced' && emi.dues_with === from) emi.dues_with = to;
  }
};

/** Bounced records whose dues sat on EMI `emiNumber` are recovered: that money was just collected. */
export const recoverDuesOn = (draft: Draft, emiNumber: number): void => {
  for (const emi of draft.emis) {
    if (emi.bounce_status === 'bounced' && emi.dues_with === emiNumber) emi.bounce_status = 'recovered';
  }
};

/**
 * After a waiver leaves EMI `emiNumber` with no late charge, the bounced dues carried into it were
 * waived, not collected: those records stay `bounced` (never recovered) and point nowhere. A bounced
 * EMI's own record stays current: its instalment is still owed.
 */
export const detachWaivedDues = (draft: Draft, emiNumber: number): void => {
  if (emiIn(draft, emiNumber).late_charge > 0) return;
  for (const emi of draft.emis) {
    if (emi.bounce_status === 'bounced' && emi.dues_with === emiNumber && emi.emi_number !== emiNumber) {
      emi.dues_with = null;
    }
  }
};

/** Moves `parts` from EMI `from` onto EMI `to`'s late charge, with the bounced records they carry. */
export const carry = (
  draft: Draft,
  cause: LedgerCause,
  from: number,
  to: number,
  parts: MoneyParts,
): void => {
  const target = emiIn(draft, to);
  target.late_charge += parts.instalment + parts.penalty;
  target.carried_instalment += parts.instalment;
  record(draft, carryEntry(cause, from, to, parts));
  moveDues(draft, from, to);
};

/** Rolls the current bounced EMI's whole dues (amount + late charge) into a later EMI's late charge. */
export const rollForward = (draft: Draft, bounced: Emi, to: number): void =>
  carry(draft, 'roll_forward', bounced.emi_number, to, {
    instalment: bounced.amount + bounced.carried_instalment,
    penalty: penaltyOf(bounced),
  });

/** The draft as an accepted result; an approved loan with nothing left open closes itself. */
export const finish = <X extends object>(draft: Draft, extra: X): AppliedOperation<X> => {
  const done = draft.status === 'approved' && !draft.emis.some(isOpen);
  return {
    ok: true,
    state: { status: done ? 'closed' : draft.status, emis: draft.emis },
    entries: draft.entries,
    events: draft.events,
    ...extra,
  };
};
