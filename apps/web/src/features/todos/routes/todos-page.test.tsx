import type { TTodo } from '@lending/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubIntersection } from '../../../test/browser-stand-ins';
import { makeUser } from '../../../test/fixtures';
import type { TMockCall, TMockReply } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';

const todo = (overrides: Partial<TTodo> = {}): TTodo => ({
  id: 1,
  title: 'Call Ravi about EMI 12',
  completed: false,
  created_at: '2026-11-21T06:30:00.000Z',
  ...overrides,
});

const page = (todos: TTodo[], totalPages = 1) => ({
  body: { todos, total: todos.length, page: 1, totalPages },
});

type THandler = (call: TMockCall) => TMockReply;
const renderTodos = (overrides: Record<string, THandler | TMockReply> = {}) =>
  renderApp('/admin/todos', {
    user: makeUser('admin'),
    api: {
      'GET /todos': page([todo(), todo({ id: 2, title: 'File receipts', completed: true })]),
      'GET /todos/stats': { body: { total: 3, completed: 2, pending: 1 } },
      ...overrides,
    },
  });

const bodyOf = (call: TMockCall | undefined) => JSON.parse(String(call?.init.body));

describe('Task Management', { timeout: 30_000 }, () => {
  it('shows the cards with the rounded completion rate and offers Edit only while pending', async () => {
    renderTodos();
    expect(await screen.findByTestId('todo-1')).toHaveTextContent('Call Ravi about EMI 12');
    expect(screen.getByTestId('todo-card-Total Tasks')).toHaveTextContent('3');
    expect(screen.getByTestId('todo-card-Completed')).toHaveTextContent('2');
    expect(screen.getByTestId('todo-card-Pending')).toHaveTextContent('1');
    expect(screen.getByTestId('todo-card-Completion Rate')).toHaveTextContent('67%');
    expect(screen.getByRole('button', { name: 'Edit Call Ravi about EMI 12' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit File receipts' })).toBeNull();
  });

  it('adds a trimmed task; Add Task stays disabled for a blank title', async () => {
    const app = renderTodos({
      'POST /todos': { status: 201, body: { message: 'Task added successfully', todo: todo({ id: 3 }) } },
    });
    await screen.findByTestId('todo-1');
    const add = screen.getByRole('button', { name: 'Add Task' });
    await app.events.type(screen.getByRole('textbox', { name: 'New Task' }), '   ');
    expect(add).toBeDisabled();
    await app.events.type(screen.getByRole('textbox', { name: 'New Task' }), 'Visit branch ');
    await app.events.click(add);
    expect(await screen.findByText('Task added successfully')).toBeInTheDocument();
    expect(bodyOf(app.calls.find((call) => call.method === 'POST'))).toEqual({ title: 'Visit branch' });
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'New Task' })).toHaveValue(''));
  });

  it('toggles completion and saves an edited title', async () => {
    const app = renderTodos({
      'PUT /todos/1': (call) => ({
        body: {
          message:
            bodyOf(call).title === undefined
              ? 'Task status updated successfully'
              : 'Task updated successfully',
          todo: todo(),
        },
      }),
    });
    await app.events.click(
      await screen.findByRole('checkbox', { name: 'Mark Call Ravi about EMI 12 as completed' }),
    );
    expect(await screen.findByText('Task status updated successfully')).toBeInTheDocument();
    expect(bodyOf(app.calls.find((call) => call.method === 'PUT'))).toEqual({ completed: true });

    await app.events.click(screen.getByRole('button', { name: 'Edit Call Ravi about EMI 12' }));
    const item = screen.getByTestId('todo-1');
    const input = within(item).getByRole('textbox', { name: 'Task title' });
    await app.events.clear(input);
    expect(within(item).getByRole('button', { name: 'Save' })).toBeDisabled();
    await app.events.type(input, 'Call Ravi today');
    await app.events.click(within(item).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Task updated successfully')).toBeInTheDocument();
    expect(bodyOf(app.calls.filter((call) => call.method === 'PUT').at(-1))).toEqual({
      title: 'Call Ravi today',
    });
  });

  it('deletes a task and reports failures', async () => {
    const app = renderTodos({
      'DELETE /todos/2': { status: 404, body: { code: 'NOT_FOUND', message: 'Task not found' } },
    });
    await app.events.click(await screen.findByRole('button', { name: 'Delete File receipts' }));
    expect(await screen.findByText('Task not found')).toBeInTheDocument();
  });

  it('appends the next page on scroll', async () => {
    const seen = stubIntersection();
    renderTodos({
      'GET /todos': (call) => {
        const n = Number(call.url.searchParams.get('page'));
        return page([todo({ id: 100 + n, title: `Task ${n}` })], 2);
      },
    });
    await screen.findByTestId('todo-101');
    await waitFor(() => expect(seen.reach).not.toBeNull());
    seen.reach?.();
    expect(await screen.findByTestId('todo-102')).toBeInTheDocument();
  });

  it('toasts a failed load', async () => {
    renderTodos({ 'GET /todos': { status: 500, body: {} } });
    expect(await screen.findByText('Failed to fetch todos')).toBeInTheDocument();
    expect(screen.getByText('No tasks yet')).toBeInTheDocument();
  });
});
