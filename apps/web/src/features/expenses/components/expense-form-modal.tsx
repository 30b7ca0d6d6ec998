import { expenseMessages, type TExpense, type TExpenseRequest, ZExpenseRequest } from '@lending/domain';
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { ResponsiveModal } from '../../../components/responsive-modal';

type TFormValues = { expense_name: string; reason: string; amount_paid: string };

const EMPTY: TFormValues = { expense_name: '', reason: '', amount_paid: '' };

const valuesOf = (expense: TExpense | null): TFormValues =>
  expense === null
    ? EMPTY
    : {
        expense_name: expense.expense_name,
        reason: expense.reason,
        amount_paid: String(expense.amount_paid),
      };

type TExpenseFormModalProps = {
  opened: boolean;
  /** The expense being edited, or null to add one. */
  expense: TExpense | null;
  busy: boolean;
  onClose: () => void;
  onSubmit: (body: TExpenseRequest) => void;
};

/** Add/Edit Expense: Expense Name, Reason, Amount, checked by the API's own contract before sending. */
export const ExpenseFormModal = ({ opened, expense, busy, onClose, onSubmit }: TExpenseFormModalProps) => {
  const [values, setValues] = useState<TFormValues>(EMPTY);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (opened) {
      setValues(valuesOf(expense));
      setError(null);
    }
  }, [opened, expense]);

  const editing = expense !== null;
  const set = (key: keyof TFormValues) => (event: React.ChangeEvent<HTMLInputElement>) => {
    const { value } = event.currentTarget;
    setValues((current) => ({ ...current, [key]: value }));
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = ZExpenseRequest.safeParse(values);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? expenseMessages.required);
      return;
    }
    setError(null);
    onSubmit(parsed.data);
  };

  return (
    <ResponsiveModal opened={opened} onClose={onClose} title={editing ? 'Edit Expense' : 'Add Expense'}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            label="Expense Name"
            value={values.expense_name}
            onChange={set('expense_name')}
            required
          />
          <TextInput label="Reason" value={values.reason} onChange={set('reason')} required />
          <TextInput
            label="Amount"
            inputMode="decimal"
            leftSection="₹"
            value={values.amount_paid}
            onChange={set('amount_paid')}
            required
          />
          {error === null ? null : (
            <Text c="red" size="sm" role="alert">
              {error}
            </Text>
          )}
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" disabled={busy}>
              {busy ? (editing ? 'Updating...' : 'Adding...') : editing ? 'Update Expense' : 'Add Expense'}
            </Button>
          </Group>
        </Stack>
      </form>
    </ResponsiveModal>
  );
};
