import { useMutation } from '@tanstack/react-query';
import { apiDownload } from '../../../api/client';
import { saveBlob } from '../../../lib/save-file';
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
  const { blob, fileName } = await apiDownload(`/cash/day-closes/export/${format}`, {
    query: dayCloseQuery(filters),
  });
  const name = fileName ?? `day_closes_${today}.${format}`;
  saveBlob(blob, name);
  return name;
};

export const useExportDayCloses = () => useMutation({ mutationFn: exportDayCloses });
