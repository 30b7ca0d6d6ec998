import { useWhileOpen } from '../../../lib/use-while-open';
import type { TPayTarget } from '../lib/pay-target';
import { EmiDialog } from './emi-dialog';
import { PayEmiForm, type TPayEmiFormProps } from './pay-emi-form';

type TPayEmiModalProps = Omit<TPayEmiFormProps, 'target' | 'onCancel'> & {
  target: TPayTarget | null;
  title: string;
  stackId?: string;
  onClose: () => void;
};

/** Mark EMI as Paid (Loan Details) and Pay EMI (Payments Due): one form, a new attempt per opening. */
export const PayEmiModal = ({ target, title, stackId, onClose, ...form }: TPayEmiModalProps) => {
  const shown = useWhileOpen(target, target !== null);
  return (
    <EmiDialog
      opened={target !== null}
      title={title}
      stackId={stackId}
      subject={shown === null ? null : `${shown.loanCode} · EMI ${shown.emiNumber}`}
      onClose={onClose}
    >
      {shown === null ? null : (
        <PayEmiForm key={`${shown.loanId}-${shown.emiNumber}`} target={shown} onCancel={onClose} {...form} />
      )}
    </EmiDialog>
  );
};
