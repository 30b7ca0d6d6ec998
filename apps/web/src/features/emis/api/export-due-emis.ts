import { useMutation } from '@tanstack/react-query';
import { apiDownload } from '../../../api/client';
import { saveBlob } from '../../../lib/save-file';
import type { TDueFilters } from './list-due-emis';

/** GET /loans/emis/due/export with the filters → saved as payments_due_{date}.csv. */
export const exportDueEmis = async (filters: TDueFilters): Promise<string> => {
  const { blob } = await apiDownload('/loans/emis/due/export', {
    query: { ...filters, timestamp: Date.now() },
  });
  const name = `payments_due_${filters.date}.csv`;
  saveBlob(blob, name);
  return name;
};

export const useExportDueEmis = () => useMutation({ mutationFn: exportDueEmis });
