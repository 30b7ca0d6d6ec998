import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { holidaysKey } from './keys';

/** DELETE /holidays/{date} → {message: 'Holiday removed'}; refused (HOLIDAY_MOVED_EMIS) once it moved instalments. */
export const deleteHoliday = (date: string) => api.delete<{ message: string }>(`/holidays/${date}`);

export const useDeleteHoliday = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteHoliday,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: holidaysKey }),
  });
};
