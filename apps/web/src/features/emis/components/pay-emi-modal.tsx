import type { TPayTarget } from '../lib/pay-target';
import { EmiDialog, emiSubject } from './emi-dialog';
import { PayEmiForm, type TPayEmiFormProps } from './pay-emi-form';

type TPayEmiModalProps = Omit<TPayEmiFormProps, 'target' | 'onCancel'> & {
  target: TPayTarget | null;
  title: string;
  stackId?: string;
  onClose: () => void;
};

/** Mark EMI as Paid (Loan Details) and Pay EMI (Payments Due): one form, a new attempt per opening. */
export const PayEmiModal = ({ target, title, stackId, onClose, ...form }: TPayEmiModalProps) => (
  <EmiDialog target={target} title={title} stackId={stackId} subject={emiSubject} onClose={onClose}>
    {(shown) => (
      <PayEmiForm key={`${shown.loanId}-${shown.emiNumber}`} target={shown} onCancel={onClose} {...form} />
    )}
  </EmiDialog>
);
