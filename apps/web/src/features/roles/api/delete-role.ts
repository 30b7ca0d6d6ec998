import { api } from '../../../api/client';
import { useRolesMutation } from './keys';

/** DELETE /roles/{id} → {message}; 409 for a system role or one that users hold. */
export const deleteRole = (id: number) => api.delete<{ message: string }>(`/roles/${id}`);

export const useDeleteRole = () => useRolesMutation(deleteRole);
