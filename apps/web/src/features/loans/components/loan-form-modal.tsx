import {
  LOAN_REQUIRED_MESSAGE,
  LOAN_STATUSES,
  type LoanStatus,
  loanMessages,
  type TLoanView,
} from '@lending/domain';
import { Alert, Button, Group, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconLock } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { errorMessage, isApiError } from '../../../api/client';
import { ResponsiveModal } from '../../../components/responsive-modal';
import { useWhileOpen } from '../../../lib/use-while-open';
import { useScheduleEnd } from '../api/get-schedule-end';
import { useActiveLoanProducts } from '../api/list-active-products';
import { useLoanCustomers } from '../api/list-customers';
import { type TSaveLoanAnswer, useCreateLoan, useUpdateLoan } from '../api/save-loan';
import {
  changesCoreFields,
  checkLoanForm,
  EMPTY_LOAN_FORM,
  loanFormData,
  loanFormValuesOf,
  loanProductChoiceOf,
  productChoiceOf,
  productEmiOf,
  scheduleEndParamsOf,
  type TLoanFormValues,
  type TLoanProductChoice,
} from '../lib/loan-form';
import { isTerminalStatus } from '../lib/loan-format';
import { CoreChangeConfirm } from './core-change-confirm';
import { LoanFormFields, type TLoanFormProducts } from './loan-form-fields';
import { checkReceivedByImage, ReceivedByImageField } from './received-by-image-field';

/** Whether a save answer says the schedule was rewritten. */
const saysReset = (answer: TSaveLoanAnswer | undefined): boolean => answer?.schedule_reset === true;

const toStatus = (value: string): LoanStatus | null =>
  LOAN_STATUSES.find((status) => status === value) ?? null;

type TLoanFormModalProps = {
  opened: boolean;
  /** null: Create New Loan; a loan: Edit Loan. */
  loan: TLoanView | null;
  canChangeStatus: boolean;
  onClose: () => void;
};

type TLoanFormBodyProps = Omit<TLoanFormModalProps, 'opened'>;

/**
 * The products the form offers and the chosen one: a new loan picks among the active products; an
 * edit keeps the loan's product with the terms it was made with.
 */
const useLoanFormProducts = (loan: TLoanView | null, values: TLoanFormValues): TLoanFormProducts => {
  const active = useActiveLoanProducts();
  const options = (active.data?.products ?? []).map(productChoiceOf);
  const locked = loan !== null;
  const chosen: TLoanProductChoice | null = locked
    ? loan.product === null
      ? null
      : loanProductChoiceOf(loan.product)
    : (options.find((product) => String(product.id) === values.product_id) ?? null);
  const end = useScheduleEnd(scheduleEndParamsOf(chosen, values.start_date, values.total_emi_days, loan?.id));
  return {
    options,
    loading: active.isPending,
    chosen,
    locked,
    endDate: { date: end.data?.end_date ?? null, loading: end.isFetching, failed: end.isError },
  };
};

const LoanFormBody = ({ loan, canChangeStatus, onClose }: TLoanFormBodyProps) => {
  const editing = loan !== null;
  const locked = loan !== null && isTerminalStatus(loan.status);
  const form = useForm<TLoanFormValues>({
    mode: 'controlled',
    initialValues: loan === null ? EMPTY_LOAN_FORM : loanFormValuesOf(loan),
  });
  const [image, setImage] = useState<File | null>(null);
  const [imageError, setImageError] = useState<string | null>(null);
  const [removeStored, setRemoveStored] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const customers = useLoanCustomers();
  const products = useLoanFormProducts(loan, form.values);
  const { chosen } = products;
  // A product with an EMI rule sets the per-day EMI from the amount, as the server will.
  const ruleEmi = productEmiOf(chosen, form.values.loan_amount);
  const hasRule = chosen !== null && chosen.emi_per_thousand !== null;
  const { setFieldValue } = form;
  useEffect(() => {
    if (hasRule) setFieldValue('per_day_emi', ruleEmi ?? '');
  }, [hasRule, ruleEmi, setFieldValue]);
  const create = useCreateLoan();
  const update = useUpdateLoan();
  const busy = create.isPending || update.isPending;

  const handleImageChange = async (file: File | null) => {
    setImage(file);
    setImageError(file === null ? null : await checkReceivedByImage(file));
  };

  const save = async (values: TLoanFormValues) => {
    const body = loanFormData(values, {
      image,
      removeImage: removeStored,
      status: editing && canChangeStatus ? toStatus(values.status) : null,
    });
    try {
      if (loan === null) {
        await create.mutateAsync(body);
        notifications.show({ color: 'green', message: loanMessages.created });
      } else {
        const answer = await update.mutateAsync({ id: loan.id, form: body });
        notifications.show({
          color: 'green',
          message: saysReset(answer) ? loanMessages.updatedWithReset : loanMessages.updated,
        });
      }
      setConfirming(false);
      onClose();
    } catch (error) {
      setConfirming(false);
      if (isApiError(error)) {
        form.setErrors(Object.fromEntries(error.errors.map(({ param, msg }) => [param, msg])));
        const imageRefusal = error.errors.find(({ param }) => param === 'received_by_image');
        if (imageRefusal !== undefined) setImageError(imageRefusal.msg);
      }
      notifications.show({
        color: 'red',
        message: errorMessage(error, loan === null ? 'Failed to create loan' : 'Failed to update loan'),
      });
    }
  };

  const handleSubmit = form.onSubmit(async (values) => {
    if (locked) return;
    const check = checkLoanForm(values, chosen);
    form.setErrors(check.errors);
    if (check.missing) notifications.show({ color: 'red', message: LOAN_REQUIRED_MESSAGE });
    if (Object.keys(check.errors).length > 0 || imageError !== null) return;
    if (loan !== null && changesCoreFields(loan, values)) {
      setConfirming(true);
      return;
    }
    await save(values);
  });

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack>
        {locked ? (
          <Alert color="gray" icon={<IconLock size={18} />}>
            This loan is {loan?.status === 'default' ? 'in default' : 'closed'} after foreclosure; it can no
            longer be edited.
          </Alert>
        ) : null}
        <LoanFormFields
          form={form}
          products={products}
          customers={customers.data ?? []}
          customersLoading={customers.isPending}
          currentCustomer={loan === null ? null : { id: loan.customer_id, name: loan.customer_name }}
          showStatus={editing && canChangeStatus}
          disabled={locked}
        />
        <ReceivedByImageField
          file={image}
          onFileChange={(file) => void handleImageChange(file)}
          storedSrc={removeStored ? null : (loan?.received_by_image ?? null)}
          onRemoveStored={() => setRemoveStored(true)}
          error={imageError}
          disabled={locked}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" loading={busy && !confirming} disabled={locked}>
            {locked ? loanMessages.terminal : editing ? 'Update Loan' : 'Create Loan'}
          </Button>
        </Group>
      </Stack>
      <CoreChangeConfirm
        opened={confirming}
        busy={busy}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void save(form.getValues())}
      />
    </form>
  );
};

/** Create New Loan / Edit Loan. */
export const LoanFormModal = ({ opened, loan: current, canChangeStatus, onClose }: TLoanFormModalProps) => {
  const loan = useWhileOpen(current, opened);
  return (
    <ResponsiveModal
      stackId="loan-form"
      opened={opened}
      onClose={onClose}
      title={loan === null ? 'Create New Loan' : 'Edit Loan'}
      size="lg"
    >
      <LoanFormBody loan={loan} canChangeStatus={canChangeStatus} onClose={onClose} />
    </ResponsiveModal>
  );
};
