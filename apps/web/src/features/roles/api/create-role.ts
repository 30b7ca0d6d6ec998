import type { TRole, TRoleRequest } from '@lending/domain';
import { api } from '../../../api/client';
import { useRolesMutation } from './keys';

/** POST /roles → the created role. */
export const createRole = (body: TRoleRequest) => api.post<TRole>('/roles', body);

export const useCreateRole = () => useRolesMutation(createRole);
