import { api } from '../../../api/client';
import { useTodoMutation } from './keys';

/** DELETE /todos/{id} → {message} */
export const deleteTodo = (id: number) => api.delete<{ message: string }>(`/todos/${id}`);

export const useDeleteTodo = () => useTodoMutation(deleteTodo);
