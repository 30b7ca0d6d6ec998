import type { TNationalHolidaysResponse } from '@lending/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { holidaysKey } from './keys';

/** GET /holidays/national?year=YYYY → India's national holidays of that year and the next, each declared or not. */
export const fetchNationalHolidays = (year: number, signal?: AbortSignal) =>
  api.get<TNationalHolidaysResponse>('/holidays/national', { query: { year }, signal });

export const nationalHolidaysQueryOptions = (year: number) =>
  queryOptions({
    queryKey: [...holidaysKey, 'national', year],
    queryFn: ({ signal }) => fetchNationalHolidays(year, signal),
    retry: false,
  });

export const useNationalHolidays = (year: number) => useQuery(nationalHolidaysQueryOptions(year));
