import type { TExpense } from '@lending/domain';
import { Table } from '@mantine/core';
import { ListTable } from '../../../components/list-table';
import { EditDeleteActions } from '../../../components/row-actions';
import { formatMoneyExact } from '../../../lib/format';
import { formatExpenseMoment } from '../lib/expense-format';

export const EXPENSES_EMPTY = 'No expenses found';

const COLUMNS = ['Expense Name', 'Reason', 'Amount', 'User', 'Date', 'Actions'];

type TExpenseTableProps = {
  expenses: TExpense[];
  loading: boolean;
  onEdit: (expense: TExpense) => void;
  onDelete: (expense: TExpense) => void;
};

/** The expenses with their edit and delete actions (the server decides whose the caller may touch). */
export const ExpenseTable = ({ expenses, loading, onEdit, onDelete }: TExpenseTableProps) => (
  <ListTable
    minWidth={800}
    columns={COLUMNS}
    highlightOnHover
    data-testid="expense-table"
    empty={expenses.length === 0 ? (loading ? 'Loading expenses...' : EXPENSES_EMPTY) : null}
  >
    {expenses.map((expense) => (
      <Table.Tr key={expense.id} data-testid={`expense-row-${expense.id}`}>
        <Table.Td fw={600}>{expense.expense_name}</Table.Td>
        <Table.Td>{expense.reason}</Table.Td>
        <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatMoneyExact(expense.amount_paid)}</Table.Td>
        <Table.Td>{expense.user_name ?? '-'}</Table.Td>
        <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatExpenseMoment(expense.created_at)}</Table.Td>
        <Table.Td>
          <EditDeleteActions
            name={expense.expense_name}
            onEdit={() => onEdit(expense)}
            onDelete={() => onDelete(expense)}
          />
        </Table.Td>
      </Table.Tr>
    ))}
  </ListTable>
);
