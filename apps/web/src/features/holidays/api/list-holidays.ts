import type { THolidaysResponse } from '@lending/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { holidaysKey } from './keys';

/** GET /holidays?year=YYYY → the lender's holidays of that year, in date order. */
export const fetchHolidays = (year: number, signal?: AbortSignal) =>
  api.get<THolidaysResponse>('/holidays', { query: { year }, signal });

export const holidaysQueryOptions = (year: number) =>
  queryOptions({
    queryKey: [...holidaysKey, 'list', year],
    queryFn: ({ signal }) => fetchHolidays(year, signal),
    placeholderData: keepPreviousData,
    retry: false,
    // A declared holiday moves its instalments in a background job: follow it until it is done.
    refetchInterval: (query) =>
      query.state.data?.holidays.some((holiday) => holiday.status === 'moving') ? 2000 : false,
  });

export const useHolidays = (year: number) => useQuery(holidaysQueryOptions(year));
