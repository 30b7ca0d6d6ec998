import { useMutation } from '@tanstack/react-query';
import { apiDownload } from '../../../api/client';
import { saveBlob } from '../../../lib/save-file';
import { dueQueryOf, type TDueFilters } from './list-due-emis';

/** GET /loans/emis/due/export with the filters → saved as payments_due_{date}.csv. */
export const exportDueEmis = async (filters: TDueFilters): Promise<string> => {
  const { blob } = await apiDownload('/loans/emis/due/export', {
    query: { ...dueQueryOf(filters), timestamp: Date.now() },
  });
  const day =
    filters.dates === 'before'
      ? `before_${filters.date}`
      : filters.dates === 'range'
        ? `${filters.date}_to_${filters.to}`
        : filters.date;
  const name = `payments_due_${filters.dates === 'any' ? 'all' : day}.csv`;
  saveBlob(blob, name);
  return name;
};

export const useExportDueEmis = () => useMutation({ mutationFn: exportDueEmis });
