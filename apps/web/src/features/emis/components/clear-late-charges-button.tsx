import { canSettleEmi, latestLateChargeEmiOf, type TLoanDetail } from '@lending/domain';
import { Button } from '@mantine/core';
import { useDialogs } from '../lib/use-dialogs';
import { ClearChargesModal } from './clear-charges-modal';

/**
 * Clear Late Charges for the whole loan (approved loans only; the exact latest late
 * charge confirms it). Disabled when no open EMI owes a late charge.
 */
export const ClearLateChargesButton = ({ loan }: { loan: TLoanDetail }) => {
  const { open, show, close, isMounted } = useDialogs<'clear'>();
  const owed = loan.emis.some((emi) => emi.late_charge > 0 && canSettleEmi(loan.status, emi, loan.emis));
  const latest = latestLateChargeEmiOf(loan.emis);
  return (
    <>
      <Button size="xs" color="orange" variant="light" disabled={!owed} onClick={() => show('clear')}>
        Clear Late Charges
      </Button>
      {isMounted('clear') ? (
        <ClearChargesModal
          stackId="loan-clear-charges"
          target={
            open === 'clear'
              ? {
                  kind: 'loan',
                  loanId: loan.id,
                  loanCode: loan.loan_code,
                  latest: latest?.late_charge ?? 0,
                  latestEmi: latest?.emi_number ?? null,
                }
              : null
          }
          onClose={close}
        />
      ) : null}
    </>
  );
};
