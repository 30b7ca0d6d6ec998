import { LOAN_STATUSES, PAYMENT_METHOD_MAX } from '@lending/domain';
import {
  NumberInput,
  type NumberInputProps,
  Select,
  SimpleGrid,
  Stack,
  Textarea,
  TextInput,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { PickerDateInput } from '../../../components/date-range-filter';
import { RupeeInput } from '../../../components/rupee-input';
import { formatPickerDate } from '../../../lib/date-input';
import type { TLoanCustomer } from '../api/list-customers';
import { derivedEndDate, type TLoanFormValues, type TLoanProductChoice } from '../lib/loan-form';
import { isTerminalStatus, loanStatusLabel } from '../lib/loan-format';
import { customerLabel } from './loan-filters';
import { LoanProductField } from './loan-product-field';

/** A required rupee amount with Indian digit grouping, stepping by the rupee. */
const GroupedRupeeInput = (props: NumberInputProps) => (
  <RupeeInput withAsterisk step={1} thousandSeparator="," thousandsGroupStyle="lakh" {...props} />
);

/** closed and default come only from foreclosure (the server refuses them here), so they are shown but not offered. */
const STATUS_OPTIONS = LOAN_STATUSES.map((status) => ({
  value: status,
  label: isTerminalStatus(status) ? `${loanStatusLabel(status)} (via foreclosure)` : loanStatusLabel(status),
  disabled: isTerminalStatus(status),
}));

/** The loan products the form offers, the chosen one, and a product loan's end date from the server. */
export type TLoanFormProducts = {
  options: readonly TLoanProductChoice[];
  loading: boolean;
  chosen: TLoanProductChoice | null;
  /** An edit keeps the loan's product. */
  locked: boolean;
  /** GET /loan-products/{id}/schedule-end's answer; null until it comes (or without a product). */
  endDate: { date: string | null; loading: boolean; failed: boolean };
};

/** The End Date field: start + tenure − 1 without a product, the server's answer with one. */
const endDateField = (values: TLoanFormValues, products: TLoanFormProducts) => {
  if (products.chosen === null) {
    const end = derivedEndDate(values.start_date, values.total_emi_days);
    return {
      description: 'Start date + tenure − 1 day',
      value: end === null ? '' : formatPickerDate(end),
      placeholder: 'Calculated automatically',
    };
  }
  const { date, loading, failed } = products.endDate;
  return {
    description: 'The last collection day, skipping off-days and holidays',
    value: date === null ? '' : formatPickerDate(date),
    placeholder: failed ? 'Could not be calculated' : loading ? 'Calculating...' : 'Calculated automatically',
  };
};

type TLoanFormFieldsProps = {
  form: UseFormReturnType<TLoanFormValues>;
  products: TLoanFormProducts;
  customers: TLoanCustomer[];
  customersLoading: boolean;
  /** Shown even when the customers list lacks it (edit). */
  currentCustomer?: { id: number; name: string } | null;
  showStatus: boolean;
  disabled: boolean;
};

/** The fields of Create New Loan / Edit Loan, without the image. */
export const LoanFormFields = ({
  form,
  products,
  customers,
  customersLoading,
  currentCustomer,
  showStatus,
  disabled,
}: TLoanFormFieldsProps) => {
  const options = customers.map((customer) => ({
    value: String(customer.id),
    label: customerLabel(customer),
  }));
  if (currentCustomer && !customers.some((customer) => customer.id === currentCustomer.id)) {
    options.unshift({ value: String(currentCustomer.id), label: currentCustomer.name });
  }
  const { values } = form;
  const end = endDateField(values, products);
  const { chosen } = products;
  const ruleEmi = chosen !== null && chosen.emi_per_thousand !== null;

  return (
    <Stack gap="sm">
      <LoanProductField
        products={products.options}
        loading={products.loading}
        value={values.product_id}
        chosen={chosen}
        onChange={(productId) => form.setFieldValue('product_id', productId)}
        error={form.errors.product_id}
        locked={products.locked}
        disabled={disabled}
      />
      <Select
        label="Customer"
        placeholder={customersLoading ? 'Loading customers...' : 'Search customer by name or mobile'}
        searchable
        withAsterisk
        data={options}
        nothingFoundMessage="No customers found"
        disabled={disabled}
        {...form.getInputProps('customer_id')}
        value={values.customer_id === '' ? null : values.customer_id}
        onChange={(value) => form.setFieldValue('customer_id', value ?? '')}
      />
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <GroupedRupeeInput
          label="Loan Amount (₹)"
          disabled={disabled}
          {...form.getInputProps('loan_amount')}
        />
        <GroupedRupeeInput
          label="Daily EMI (₹)"
          disabled={disabled}
          readOnly={ruleEmi}
          description={ruleEmi ? `Set by ${chosen.name}'s rule` : undefined}
          {...form.getInputProps('per_day_emi')}
        />
        <NumberInput
          label="Tenure (days)"
          withAsterisk
          min={1}
          allowDecimal={false}
          disabled={disabled}
          {...form.getInputProps('total_emi_days')}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <PickerDateInput
          label="Start Date"
          withAsterisk
          disabled={disabled}
          {...form.getInputProps('start_date')}
          value={values.start_date === '' ? null : values.start_date}
          onChange={(value) => form.setFieldValue('start_date', value ?? '')}
        />
        <TextInput
          label="End Date"
          description={end.description}
          readOnly
          value={end.value}
          placeholder={end.placeholder}
          data-testid="loan-end-date"
        />
      </SimpleGrid>
      <TextInput
        label="Payment Method"
        placeholder="e.g. Cash, UPI, bank transfer"
        description={`${values.payment_method.length}/${PAYMENT_METHOD_MAX} characters`}
        disabled={disabled}
        {...form.getInputProps('payment_method')}
      />
      <Textarea
        label="Loan Reason"
        placeholder="Optional"
        autosize
        minRows={2}
        maxRows={4}
        disabled={disabled}
        {...form.getInputProps('loan_reason')}
      />
      {showStatus ? (
        <Select
          label="Status"
          data={STATUS_OPTIONS}
          allowDeselect={false}
          disabled={disabled}
          {...form.getInputProps('status')}
        />
      ) : null}
    </Stack>
  );
};
