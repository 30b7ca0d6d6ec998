import type { TCreateTodoRequest, TTodoSaved } from '@lending/domain';
import { api } from '../../../api/client';
import { useTodoMutation } from './keys';

/** POST /todos → {message, todo} */
export const createTodo = (body: TCreateTodoRequest) => api.post<TTodoSaved>('/todos', body);

export const useCreateTodo = () => useTodoMutation(createTodo);
