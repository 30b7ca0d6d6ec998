import type { Paise } from '../money';
import { partialCharge } from './arith';
import { penaltyOf } from './emi-rules';
import type { LedgerEntry, MoneyParts } from './ledger';
import { isCurrentBounced, isOpen } from './open';
import type { Emi, LoanState } from './types';

/**
 * One figure where the books disagree: `expected` is what the ledger says, `actual` what the EMI
 * (or loan) row says. A number is always money in paise (anything else is a string); `emi_number` is
 * null for a loan-wide figure.
 */
export type BookDifference = {
  emi_number: number | null;
  what: string;
  expected: Paise | string | null;
  actual: Paise | string | null;
};

/**
 * What the ledger says happened to one EMI, net of reversals, split into instalment and penalty.
 * Charges are split by cause because only some of them stay in the EMI's own late charge.
 */
export type EmiFlows = {
  scheduled: MoneyParts;
  /** Bounce charges and charges levied at collection: they join the EMI's late charge. */
  lateCharges: MoneyParts;
  /** The 10% partial charge: booked on the partial EMI and carried on at once, never its own late charge. */
  partialCharges: MoneyParts;
  /** A full-and-final premium: booked on the last open EMI and collected at once. */
  premium: MoneyParts;
  /** What stands applied: cash collected, credit applied and money paid before the cut-over, less what moved to credit. */
  collected: MoneyParts;
  waived: MoneyParts;
  writtenOff: MoneyParts;
  carriedIn: MoneyParts;
  carriedOut: MoneyParts;
  /**
   * The part of `carriedOut` the opening position booked (cause `opening`): the shortfall of an EMI
   * the old book left part paid, carried on without the 10% partial charge a payment here would add.
   */
  carriedOutAtOpening: MoneyParts;
};

type Flow = keyof EmiFlows;

const zero = (): MoneyParts => ({ instalment: 0, penalty: 0 });
const emptyFlows = (): EmiFlows => ({
  scheduled: zero(),
  lateCharges: zero(),
  partialCharges: zero(),
  premium: zero(),
  collected: zero(),
  waived: zero(),
  writtenOff: zero(),
  carriedIn: zero(),
  carriedOut: zero(),
  carriedOutAtOpening: zero(),
});

const CHARGE_FLOW: Partial<Record<LedgerEntry['cause'], Flow>> = {
  partial_charge: 'partialCharges',
  foreclosure_premium: 'premium',
};
const OUT_FLOW = { collected: 'collected', waived: 'waived', written_off: 'writtenOff' } as const;

/** A kind no branch takes: a compile error until a new kind is decided here. */
const unknownKind = (kind: never): never => {
  throw new Error(`ledger kind ${String(kind)} has no flow`);
};

/** Every EMI's flows by EMI number, reversals netted against the rows they cancel. */
export const emiFlows = (entries: readonly LedgerEntry[]): Map<number, EmiFlows> => {
  const flows = new Map<number, EmiFlows>();
  const add = (emiNumber: number, flow: Flow, sign: number, entry: LedgerEntry): void => {
    const found = flows.get(emiNumber) ?? emptyFlows();
    flows.set(emiNumber, found);
    found[flow].instalment += sign * entry.instalment;
    found[flow].penalty += sign * entry.penalty;
  };
  for (const entry of entries) {
    const kind = entry.kind === 'reversal' ? entry.reverses : entry.kind;
    const sign = entry.kind === 'reversal' ? -1 : 1;
    if (kind === null) continue; // a reversal naming no kind; the schedule identity reports it
    switch (kind) {
      case 'scheduled':
        add(entry.emi_number, 'scheduled', sign, entry);
        break;
      case 'charge':
        add(entry.emi_number, CHARGE_FLOW[entry.cause] ?? 'lateCharges', sign, entry);
        break;
      case 'carry':
        add(entry.emi_number, 'carriedOut', sign, entry);
        if (entry.cause === 'opening') add(entry.emi_number, 'carriedOutAtOpening', sign, entry);
        add(entry.to_emi_number ?? Number.NaN, 'carriedIn', sign, entry);
        break;
      case 'credit':
        // A rewrite moved what stood applied to this EMI into credit held: it is no longer applied here.
        add(entry.emi_number, 'collected', -sign, entry);
        break;
      case 'credit_applied':
      case 'opening': // paid before the cut-over: it settled the EMI as a payment does
        add(entry.emi_number, 'collected', sign, entry);
        break;
      case 'refund':
        break; // credit held paid back: no EMI's flow
      case 'collected':
      case 'waived':
      case 'written_off':
        add(entry.emi_number, OUT_FLOW[kind], sign, entry);
        break;
      default:
        return unknownKind(kind);
    }
  }
  return flows;
};

const total = (parts: MoneyParts): Paise => parts.instalment + parts.penalty;
const parts = (instalment: Paise, penalty: Paise): MoneyParts => ({ instalment, penalty });

/** How an EMI's dues left it, as its row tells: collected, carried on, or settled by a foreclosure. */
type Settlement = { collected: MoneyParts; carriedOut: MoneyParts; writtenOff: MoneyParts | null };

/**
 * What the row's status says left the EMI. `writtenOff: null` means "whatever the collection did
 * not cover" (a foreclosure), checked as collected + written off together.
 */
const settlementOf = (emi: Emi, differences: BookDifference[], flows: EmiFlows): Settlement => {
  const dues = parts(emi.amount + emi.carried_instalment, penaltyOf(emi));
  const nothing = { collected: zero(), carriedOut: zero(), writtenOff: zero() };
  const n = emi.emi_number;
  if (isOpen(emi)) return nothing;
  if (emi.status === 'bounced') return { ...nothing, carriedOut: dues };
  if (emi.status === 'foreclosed') return { ...nothing, collected: dues, writtenOff: null };
  if (emi.status === 'partial') {
    if (emi.payment_type !== 'partial') {
      differences.push({
        emi_number: n,
        what: 'payment type',
        expected: 'partial',
        actual: emi.payment_type,
      });
    }
    const paid = emi.partial_payment_amount ?? 0;
    const remaining = emi.amount - paid;
    // Part paid in the old book: its shortfall went on as it stood, with no partial charge of ours.
    const charge = total(flows.carriedOutAtOpening) > 0 ? 0 : partialCharge(remaining);
    const expect = (what: string, ledger: Paise, row: Paise | null) => {
      if (ledger !== row) differences.push({ emi_number: n, what, expected: ledger, actual: row });
    };
    expect('partial payment amount', flows.collected.instalment, emi.partial_payment_amount);
    expect('remaining balance', emi.amount - flows.collected.instalment, emi.remaining_balance);
    expect('partial charge', total(flows.partialCharges), charge);
    return {
      ...nothing,
      collected: parts(paid, 0),
      carriedOut: parts(dues.instalment - paid, dues.penalty + charge),
    };
  }
  // Paid: full collects everything it owed; emi_only collects the amount and carries the late charge.
  const type =
    emi.payment_type === 'full' || emi.payment_type === 'emi_only'
      ? emi.payment_type
      : total(flows.carriedOut) > 0
        ? 'emi_only'
        : 'full';
  if (type !== emi.payment_type) {
    differences.push({ emi_number: n, what: 'payment type', expected: type, actual: emi.payment_type });
  }
  return type === 'full'
    ? { ...nothing, collected: dues }
    : {
        ...nothing,
        collected: parts(emi.amount, 0),
        carriedOut: parts(emi.carried_instalment, dues.penalty),
      };
};

const compareParts = (
  differences: BookDifference[],
  emiNumber: number,
  what: string,
  ledger: MoneyParts,
  row: MoneyParts,
): void => {
  for (const part of ['instalment', 'penalty'] as const) {
    if (ledger[part] !== row[part]) {
      differences.push({
        emi_number: emiNumber,
        what: `${what} (${part})`,
        expected: ledger[part],
        actual: row[part],
      });
    }
  }
};

const describeStatus = (emi: Emi): string =>
  emi.status === 'paid'
    ? `paid ${emi.payment_type ?? ''}`.trim()
    : isCurrentBounced(emi)
      ? 'current bounced'
      : emi.status;

/**
 * Whether each EMI row agrees with what the ledger says happened to it: its amount is what was
 * scheduled, its late charge and carried-in instalment are what was charged and carried in less what
 * was waived, and its status and payment type account for how its dues left (collected, carried on,
 * written off). The schedule identity only sees what open EMIs still owe; this also reads settled
 * EMIs, whose figures stay on receipts and reports as history. Also: a closed or defaulted loan has
 * no open EMI, and an approved loan with none left would have closed itself.
 */
export const emiRowDifferences = (state: LoanState, entries: readonly LedgerEntry[]): BookDifference[] => {
  const differences: BookDifference[] = [];
  const flows = emiFlows(entries);
  for (const emi of state.emis) {
    const n = emi.emi_number;
    const f = flows.get(n) ?? emptyFlows();
    flows.delete(n);
    const expect = (what: string, ledger: Paise, row: Paise) => {
      if (ledger !== row) differences.push({ emi_number: n, what, expected: ledger, actual: row });
    };
    expect('amount (scheduled)', f.scheduled.instalment, emi.amount);
    expect('scheduled penalty', f.scheduled.penalty, 0);
    expect('late charge', total(f.lateCharges) + total(f.carriedIn) - total(f.waived), emi.late_charge);
    expect(
      'carried-in instalment',
      f.lateCharges.instalment + f.carriedIn.instalment - f.waived.instalment,
      emi.carried_instalment,
    );
    if (emi.status !== 'partial') expect('partial charge', total(f.partialCharges), 0);
    if (emi.status !== 'foreclosed') expect('foreclosure premium', total(f.premium), 0);

    const row = settlementOf(emi, differences, f);
    const status = describeStatus(emi);
    compareParts(differences, n, `carried out of a ${status} EMI`, f.carriedOut, row.carriedOut);
    if (row.writtenOff === null) {
      // A foreclosure's split between collected and written off is the loan's agreed amount, not
      // the EMI's: only their sum (less the premium, which is not the EMI's due) is the row's.
      const settled = parts(
        f.collected.instalment + f.writtenOff.instalment,
        f.collected.penalty + f.writtenOff.penalty - f.premium.penalty,
      );
      compareParts(differences, n, 'collected + written off by the foreclosure', settled, row.collected);
    } else {
      compareParts(differences, n, `collected on a ${status} EMI`, f.collected, row.collected);
      compareParts(differences, n, `written off on a ${status} EMI`, f.writtenOff, row.writtenOff);
    }
  }
  // Ledger money on an EMI number the loan has no row for.
  for (const [n, f] of flows) {
    const net = Object.values(f).reduce((sum, p) => sum + Math.abs(p.instalment) + Math.abs(p.penalty), 0);
    if (net !== 0) {
      differences.push({
        emi_number: n,
        what: 'EMI in the ledger without an EMI row',
        expected: total(f.scheduled),
        actual: null,
      });
    }
  }

  const open = state.emis.filter(isOpen).length;
  if ((state.status === 'closed' || state.status === 'default') && open > 0) {
    differences.push({
      emi_number: null,
      what: `open EMIs on a ${state.status} loan`,
      expected: 'none',
      actual: `${open} open`,
    });
  }
  if (state.status === 'approved' && open === 0 && state.emis.length > 0) {
    differences.push({
      emi_number: null,
      what: 'status of a loan with no open EMI',
      expected: 'closed',
      actual: 'approved',
    });
  }
  return differences;
};
