import type { TRole, TRoleRequest } from '@lending/domain';
import { api } from '../../../api/client';
import { useRolesMutation } from './keys';

/** PUT /roles/{id} → the role as saved (a system role keeps its name). */
export const updateRole = ({ id, body }: { id: number; body: TRoleRequest }) =>
  api.put<TRole>(`/roles/${id}`, body);

export const useUpdateRole = () => useRolesMutation(updateRole);
