import { TODO_STATUS_FILTERS, type TTodo, type TTodoStatusFilter } from '@lending/domain';
import { SegmentedControl, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useSearchParams } from 'react-router';
import { errorMessage } from '../../../api/client';
import { ListEnd } from '../../../components/list-end';
import { PageTitle } from '../../../components/page-title';
import { useInfiniteSentinel } from '../../../lib/use-infinite-sentinel';
import { useQueryFailure } from '../../../lib/use-query-failure';
import { useCreateTodo } from '../api/create-todo';
import { useDeleteTodo } from '../api/delete-todo';
import { useTodoStats } from '../api/get-todo-stats';
import { useTodos } from '../api/list-todos';
import { useUpdateTodo } from '../api/update-todo';
import { AddTodoForm } from '../components/add-todo-form';
import { TodoCards } from '../components/todo-cards';
import { TodoItem } from '../components/todo-item';

export const TODO_TEXTS = {
  loadFailed: 'Failed to fetch todos',
  addFailed: 'Failed to add task',
  updateFailed: 'Failed to update task',
  deleteFailed: 'Failed to delete task',
  empty: 'No tasks yet',
} as const;

const toast = (color: 'red' | 'green', message: string) => notifications.show({ color, message });

/** Runs a task call and toasts its answer's message, or the failure; true when it succeeded. */
const reported = async (call: () => Promise<{ message: string }>, failed: string): Promise<boolean> => {
  try {
    toast('green', (await call()).message);
    return true;
  } catch (error) {
    toast('red', errorMessage(error, failed));
    return false;
  }
};

const STATUS_OPTIONS: { value: TTodoStatusFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'pending', label: 'Pending' },
  { value: 'completed', label: 'Completed' },
];

/** Task Management (/admin/todos): the caller's own tasks, of the status in the URL (all by default). */
export const TodosPage = () => {
  // The status lives in the URL, so the dashboard's task cards open the tasks they count.
  const [params, setParams] = useSearchParams();
  const status = TODO_STATUS_FILTERS.find((value) => value === params.get('status')) ?? 'all';
  const list = useTodos(status);
  const stats = useTodoStats();
  const creator = useCreateTodo();
  const updater = useUpdateTodo();
  const deleter = useDeleteTodo();

  const { isError, hasNextPage, isFetchingNextPage, fetchNextPage } = list;
  useQueryFailure(list, () => toast('red', TODO_TEXTS.loadFailed));
  const sentinel = useInfiniteSentinel(
    () => void fetchNextPage(),
    hasNextPage && !isFetchingNextPage && !isError,
  );
  const todos = isError ? [] : (list.data?.pages.flatMap((page) => page.todos) ?? []);

  const add = (title: string) => reported(() => creator.mutateAsync({ title }), TODO_TEXTS.addFailed);
  const toggle = (todo: TTodo) =>
    void reported(
      () => updater.mutateAsync({ id: todo.id, body: { completed: !todo.completed } }),
      TODO_TEXTS.updateFailed,
    );
  const rename = (todo: TTodo, title: string) =>
    reported(() => updater.mutateAsync({ id: todo.id, body: { title } }), TODO_TEXTS.updateFailed);
  const remove = (todo: TTodo) => void reported(() => deleter.mutateAsync(todo.id), TODO_TEXTS.deleteFailed);

  return (
    <Stack gap="md" data-testid="page-todos">
      <PageTitle testId="todos-title" title="Task Management" />
      <TodoCards stats={stats.data} />
      <AddTodoForm busy={creator.isPending} onAdd={add} />
      <SegmentedControl
        aria-label="Show tasks"
        data={STATUS_OPTIONS}
        value={status}
        onChange={(value) => setParams(value === 'all' ? {} : { status: value }, { replace: true })}
        data-testid="todo-status"
      />
      <Stack gap="xs" data-testid="todo-list">
        {todos.map((todo) => (
          <TodoItem key={todo.id} todo={todo} onToggle={toggle} onRename={rename} onDelete={remove} />
        ))}
        {todos.length === 0 ? (
          <Text c="dimmed" ta="center" py="md">
            {list.isPending ? 'Loading tasks...' : TODO_TEXTS.empty}
          </Text>
        ) : null}
      </Stack>
      <ListEnd sentinel={sentinel} loadingMore={isFetchingNextPage} />
    </Stack>
  );
};
