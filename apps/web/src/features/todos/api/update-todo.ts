import type { TTodoSaved, TUpdateTodoRequest } from '@lending/domain';
import { api } from '../../../api/client';
import { useTodoMutation } from './keys';

/** PUT /todos/{id} with any of title and completed → {message, todo} */
export const updateTodo = ({ id, body }: { id: number; body: TUpdateTodoRequest }) =>
  api.put<TTodoSaved>(`/todos/${id}`, body);

export const useUpdateTodo = () => useTodoMutation(updateTodo);
