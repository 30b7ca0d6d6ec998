import { EXPENSE_PAGE_SIZE, expenseScopeOf, type TExpense, type TExpenseRequest } from '@lending/domain';
import { Button, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../../api/client';
import { confirmAction } from '../../../components/confirm';
import { ListEnd } from '../../../components/list-end';
import { PageHeader } from '../../../components/page-header';
import { Pager } from '../../../components/pager';
import { useBusinessToday } from '../../../lib/business-today';
import { useCurrentUser } from '../../../lib/session';
import { useInfinitePager } from '../../../lib/use-infinite-pager';
import { useListFilters } from '../../../lib/use-list-filters';
import { useQueryFailure } from '../../../lib/use-query-failure';
import { useCreateExpense } from '../api/create-expense';
import { useDeleteExpense } from '../api/delete-expense';
import { useExpenseUsers } from '../api/list-expense-users';
import { expensesQueryOptions, useExpenses } from '../api/list-expenses';
import { useUpdateExpense } from '../api/update-expense';
import { ExpenseCards } from '../components/expense-cards';
import { AdminExpenseFilters, MyExpensesPanel } from '../components/expense-filters';
import { ExpenseFormModal } from '../components/expense-form-modal';
import { ExpenseTable } from '../components/expense-table';
import { expenseFilterOptions } from '../lib/expense-filters';

export const EXPENSE_TEXTS = {
  loadFailed: 'Failed to fetch expenses',
  usersFailed: 'Failed to fetch users',
  addFailed: 'Failed to add expense',
  updateFailed: 'Failed to update expense',
  deleteFailed: 'Failed to delete expense',
  confirmDelete: 'Are you sure you want to delete this expense?',
} as const;

const toast = (color: 'red' | 'green', message: string) => notifications.show({ color, message });

/** 'Showing 21 to 40 of 45 expenses' over the pages loaded from `startPage` on. */
const showingText = (startPage: number, loaded: number, total: number) => {
  if (total === 0) return 'Showing 0 to 0 of 0 expenses';
  const from = (startPage - 1) * EXPENSE_PAGE_SIZE + 1;
  return `Showing ${from} to ${from + loaded - 1} of ${total} expenses`;
};

/** Expense Management (/admin/expenses for staff, /agent/expenses for agents: only their own). */
export const ExpensesPage = () => {
  const { user } = useCurrentUser();
  const seesEveryone = user !== null && expenseScopeOf(user).kind === 'everyone';
  const [startPage, setStartPage] = useState(1);
  const today = useBusinessToday();
  const filters = useListFilters({ ...expenseFilterOptions(today), onApply: () => setStartPage(1) });
  const list = useExpenses(filters.applied, startPage);
  const users = useExpenseUsers(seesEveryone);
  const [editing, setEditing] = useState<TExpense | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const creator = useCreateExpense();
  const updater = useUpdateExpense();
  const deleter = useDeleteExpense();

  useQueryFailure(list, () => toast('red', EXPENSE_TEXTS.loadFailed));
  useEffect(() => {
    if (users.isError) toast('red', EXPENSE_TEXTS.usersFailed);
  }, [users.isError]);

  const { pages, first, currentPage, totalPages, sentinel, handlePageChange } = useInfinitePager({
    list,
    startPage,
    setStartPage,
    queryKey: expensesQueryOptions(filters.applied, startPage).queryKey,
  });
  const expenses = pages.flatMap((page) => page.expenses);

  const openForm = (expense: TExpense | null) => {
    setEditing(expense);
    setFormOpen(true);
  };

  const handleSubmit = async (body: TExpenseRequest) => {
    try {
      const answer =
        editing === null
          ? await creator.mutateAsync(body)
          : await updater.mutateAsync({ id: editing.id, body });
      toast('green', answer.message);
      setFormOpen(false);
    } catch (error) {
      toast(
        'red',
        errorMessage(error, editing === null ? EXPENSE_TEXTS.addFailed : EXPENSE_TEXTS.updateFailed),
      );
    }
  };

  const handleDelete = async (expense: TExpense) => {
    const confirmed = await confirmAction({ title: 'Delete Expense', message: EXPENSE_TEXTS.confirmDelete });
    if (!confirmed) return;
    try {
      toast('green', (await deleter.mutateAsync(expense.id)).message);
    } catch (error) {
      toast('red', errorMessage(error, EXPENSE_TEXTS.deleteFailed));
    }
  };

  return (
    <Stack gap="md" data-testid="page-expenses">
      <PageHeader testId="expenses-title" title="Expense Management">
        <Button leftSection={<IconPlus size={16} />} onClick={() => openForm(null)}>
          Add Expense
        </Button>
      </PageHeader>
      <ExpenseCards totals={first} />
      {seesEveryone ? (
        <AdminExpenseFilters state={filters} users={users.data?.users ?? []} />
      ) : (
        <MyExpensesPanel state={filters} />
      )}
      <ExpenseTable
        expenses={expenses}
        loading={list.isPending}
        onEdit={openForm}
        onDelete={(expense) => void handleDelete(expense)}
      />
      <ListEnd sentinel={sentinel} loadingMore={list.isFetchingNextPage} />
      <Text size="sm" c="dimmed" data-testid="expenses-showing">
        {showingText(startPage, expenses.length, first?.totalExpenses ?? 0)}
      </Text>
      <Pager page={currentPage} totalPages={totalPages} onChange={handlePageChange} />
      <ExpenseFormModal
        opened={formOpen}
        expense={editing}
        busy={creator.isPending || updater.isPending}
        onClose={() => setFormOpen(false)}
        onSubmit={(body) => void handleSubmit(body)}
      />
    </Stack>
  );
};
