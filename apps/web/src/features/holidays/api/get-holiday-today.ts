import type { THolidayToday } from '@lending/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { holidaysKey } from './keys';

/** GET /holidays/today → today's business day and its holiday, if it is one (admins, superadmins, agents). */
export const fetchHolidayToday = (signal?: AbortSignal) =>
  api.get<THolidayToday>('/holidays/today', { signal });

export const holidayTodayQueryOptions = () =>
  queryOptions({
    queryKey: [...holidaysKey, 'today'],
    queryFn: ({ signal }) => fetchHolidayToday(signal),
    // Re-read now and then, so a tab left open follows midnight.
    staleTime: 5 * 60_000,
    refetchInterval: 15 * 60_000,
    retry: false,
  });

export const useHolidayToday = () => useQuery(holidayTodayQueryOptions());
