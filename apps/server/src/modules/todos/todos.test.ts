import { describe, expect, it } from 'vitest';
import { createSignedInUser } from '../../../test/support/factories';
import { auditActions, type Headers, usersTestApp } from '../../../test/support/users';

const { t, superadmin } = await usersTestApp();
const admin = await createSignedInUser(t, { role: 'admin' });
const otherAdmin = await createSignedInUser(t, { role: 'admin' });
const agent = await createSignedInUser(t, { role: 'agent' });
const borrower = await createSignedInUser(t, { role: 'user' });

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Headers, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, headers, ...(payload && { payload }) });
const add = async (headers: Headers, title: string, completed?: boolean) => {
  t.clock.advance(1000);
  const response = await call('POST', '/todos', headers, {
    title,
    ...(completed === undefined ? {} : { completed }),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().todo as { id: number; title: string; completed: boolean };
};
/** The task's audit trail (resource ids are shared with other kinds of rows, such as sign-ins). */
const todoAudit = async (id: number) =>
  (await auditActions(t, id)).filter((action) => action.startsWith('todo_'));
const titles = async (headers: Headers, query = '') =>
  (await call('GET', `/todos${query}`, headers)).json().todos.map((todo: { title: string }) => todo.title);

describe('todos', () => {
  it('adds a trimmed task, not completed unless said, and audits it', async () => {
    const todo = await add(admin.headers, '  Call Ravi about EMI 12 ');
    expect(todo).toMatchObject({ title: 'Call Ravi about EMI 12', completed: false });
    expect((await add(admin.headers, 'File receipts', true)).completed).toBe(true);
    expect(await todoAudit(todo.id)).toEqual(['todo_created']);
  });

  it('refuses a blank title', async () => {
    const response = await call('POST', '/todos', admin.headers, { title: '   ' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: 'Title is required' });
  });

  it("lists only the caller's own, newest first, paged with the total", async () => {
    await add(otherAdmin.headers, 'Someone else');
    expect(await titles(admin.headers)).toEqual(['File receipts', 'Call Ravi about EMI 12']);
    const page = (await call('GET', '/todos?limit=1&page=2', admin.headers)).json();
    expect(page).toMatchObject({ total: 2, page: 2, totalPages: 2 });
    expect(page.todos.map((todo: { title: string }) => todo.title)).toEqual(['Call Ravi about EMI 12']);
    expect(await titles(superadmin)).toEqual([]);
  });

  it('updates part of a task: status alone or the title', async () => {
    const todo = await add(admin.headers, 'Visit branch');
    const toggled = await call('PUT', `/todos/${todo.id}`, admin.headers, { completed: true });
    expect(toggled.json()).toMatchObject({
      message: 'Task status updated successfully',
      todo: { title: 'Visit branch', completed: true },
    });
    const renamed = await call('PUT', `/todos/${todo.id}`, admin.headers, { title: ' Visit the branch ' });
    expect(renamed.json()).toMatchObject({
      message: 'Task updated successfully',
      todo: { title: 'Visit the branch', completed: true },
    });
    const empty = await call('PUT', `/todos/${todo.id}`, admin.headers, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Nothing to update');
    expect(await todoAudit(todo.id)).toEqual(['todo_created', 'todo_updated', 'todo_updated']);
  });

  it("answers 404 for another person's task, and leaves it alone", async () => {
    const theirs = await add(otherAdmin.headers, 'Private');
    expect((await call('PUT', `/todos/${theirs.id}`, admin.headers, { completed: true })).statusCode).toBe(
      404,
    );
    expect((await call('DELETE', `/todos/${theirs.id}`, superadmin)).statusCode).toBe(404);
    expect(await titles(otherAdmin.headers)).toEqual(['Private', 'Someone else']);
  });

  it('deletes the own task', async () => {
    const todo = await add(admin.headers, 'Temporary');
    expect((await call('DELETE', `/todos/${todo.id}`, admin.headers)).json()).toEqual({
      message: 'Task deleted successfully',
    });
    expect(await titles(admin.headers)).not.toContain('Temporary');
    expect((await call('DELETE', `/todos/${todo.id}`, admin.headers)).statusCode).toBe(404);
  });

  it("counts the caller's tasks", async () => {
    expect((await call('GET', '/todos/stats', admin.headers)).json()).toEqual({
      total: 3,
      completed: 2,
      pending: 1,
    });
    expect((await call('GET', '/todos/stats', superadmin)).json()).toEqual({
      total: 0,
      completed: 0,
      pending: 0,
    });
  });

  it('refuses agents and borrowers (403) and anonymous callers (401)', async () => {
    for (const [method, url] of [
      ['GET', '/todos'],
      ['GET', '/todos/stats'],
      ['POST', '/todos'],
      ['PUT', '/todos/1'],
      ['DELETE', '/todos/1'],
    ] as const) {
      expect((await call(method, url, agent.headers, {})).statusCode, `${method} ${url}`).toBe(403);
      expect((await call(method, url, borrower.headers, {})).statusCode, `${method} ${url}`).toBe(403);
      expect((await call(method, url, {}, {})).statusCode, `${method} ${url}`).toBe(401);
    }
  });
});
