import {
  canSettleEmi,
  DEFAULT_BOUNCE_REASON,
  latestLateChargeOf,
  loanStateFromViews,
  rupeesToPaise,
  type TEmiView,
  type TLoanDetail,
} from '@lending/domain';
import { Button, Group } from '@mantine/core';
import { useDialogs } from '../lib/use-dialogs';
import { BounceEmiModal } from './bounce-emi-modal';
import { ClearChargesModal } from './clear-charges-modal';
import { PayEmiModal } from './pay-emi-modal';
import { ReceiptModal } from './receipt-modal';

/** Whether an EMI's late charge is still owed (pending, or the current bounced EMI) and can be waived. */
const clearable = (emi: TEmiView, loan: TLoanDetail): boolean =>
  emi.late_charge > 0 && canSettleEmi(loan.status, emi, loan.emis);

/**
 * The per-EMI actions of Loan Details: Mark Paid and Bounce for the EMIs that may be
 * settled (pending, or the one current bounced EMI, on an approved loan), Clear for an owed late
 * charge, View Receipt for paid and partial EMIs. Each opens its dialog on top of Loan Details.
 */
export const EmiActions = ({ emi, loan }: { emi: TEmiView; loan: TLoanDetail }) => {
  const dialogs = useDialogs<'pay' | 'bounce' | 'clear' | 'receipt'>();
  const { open, show, close, isMounted } = dialogs;
  const settle = canSettleEmi(loan.status, emi, loan.emis);
  const receipt = emi.status === 'paid' || emi.status === 'partial';
  const n = emi.emi_number;
  const subject = { loanId: loan.id, loanCode: loan.loan_code, emiNumber: n };
  const money = { amount: rupeesToPaise(emi.amount), lateCharge: rupeesToPaise(emi.late_charge) };

  return (
    <Group gap={4} wrap="nowrap">
      {settle ? (
        <>
          <Button
            size="compact-xs"
            color="green"
            aria-label={`Mark EMI ${n} as paid`}
            onClick={() => show('pay')}
          >
            Mark Paid
          </Button>
          <Button
            size="compact-xs"
            color="red"
            variant="light"
            aria-label={`Mark EMI ${n} as bounced`}
            onClick={() => show('bounce')}
          >
            Bounce
          </Button>
        </>
      ) : null}
      {clearable(emi, loan) ? (
        <Button
          size="compact-xs"
          color="orange"
          variant="subtle"
          aria-label={`Clear late charges of EMI ${n}`}
          onClick={() => show('clear')}
        >
          Clear
        </Button>
      ) : null}
      {receipt ? (
        <Button
          size="compact-xs"
          variant="light"
          aria-label={`View receipt of EMI ${n}`}
          onClick={() => show('receipt')}
        >
          View Receipt
        </Button>
      ) : null}

      {isMounted('pay') ? (
        <PayEmiModal
          stackId="emi-pay"
          title="Mark EMI as Paid"
          confirmLabel="Mark as Paid"
          target={
            open === 'pay'
              ? {
                  ...subject,
                  ...money,
                  bounced: emi.status === 'bounced',
                  state: loanStateFromViews(loan.status, loan.emis),
                  latestLateCharge: latestLateChargeOf(loan.emis),
                  wholeLoan: true,
                }
              : null
          }
          onClose={close}
          onPaid={close}
        />
      ) : null}
      {isMounted('bounce') ? (
        <BounceEmiModal
          stackId="emi-bounce"
          target={
            open === 'bounce'
              ? {
                  ...subject,
                  ...money,
                  startCharge: loan.product === null ? undefined : rupeesToPaise(loan.product.bounce_charge),
                }
              : null
          }
          defaultReason={DEFAULT_BOUNCE_REASON}
          onClose={close}
          onBounced={close}
        />
      ) : null}
      {isMounted('clear') ? (
        <ClearChargesModal
          stackId="emi-clear"
          target={
            open === 'clear'
              ? {
                  kind: 'emi',
                  emiId: emi.id,
                  emiNumber: n,
                  loanCode: loan.loan_code,
                  lateCharge: money.lateCharge,
                }
              : null
          }
          onClose={close}
        />
      ) : null}
      {isMounted('receipt') ? (
        <ReceiptModal stackId="emi-receipt" target={open === 'receipt' ? subject : null} onClose={close} />
      ) : null}
    </Group>
  );
};
