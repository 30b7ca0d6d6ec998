import { useMutation } from '@tanstack/react-query';
import { saveExport } from '../../../api/save-export';
import { dayCloseQuery, type TDayCloseFilters } from './list-day-closes';

/** GET /cash/day-closes/export/{csv|pdf}: every closed day the filters match, saved under the server's name. */
export const exportDayCloses = async ({
  filters,
  format,
  today,
}: {
  filters: TDayCloseFilters;
  format: 'csv' | 'pdf';
  today: string;
}): Promise<string> => {
  return saveExport(
    `/cash/day-closes/export/${format}`,
    dayCloseQuery(filters),
    `day_closes_${today}.${format}`,
  );
};

export const useExportDayCloses = () => useMutation({ mutationFn: exportDayCloses });
