import type { THolidayDeclared, THolidayRequest } from '@lending/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { holidaysKey } from './keys';

/** POST /holidays {date, name} → 201 {message: 'Holiday declared', holiday}: the loans' open instalments move. */
export const declareHoliday = (body: THolidayRequest) => api.post<THolidayDeclared>('/holidays', body);

export const useDeclareHoliday = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: declareHoliday,
    onSuccess: async () => {
      // The moved instalments show on every loan screen too.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: holidaysKey }),
        queryClient.invalidateQueries({ queryKey: ['loans'] }),
      ]);
    },
  });
};
