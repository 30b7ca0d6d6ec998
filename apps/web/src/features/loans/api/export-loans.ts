import { useMutation } from '@tanstack/react-query';
import { apiDownload } from '../../../api/client';
import { saveBlob } from '../../../lib/save-file';
import type { TLoanFilters, TLoanSort } from './list-loans';

export type TLoanExportType = 'csv' | 'pdf';

/**
 * GET /loans/export?export_type=csv|pdf with the current filters; saved under the server's name or
 * loans_export.csv / loans_export.pdf.
 */
export const exportLoans = async ({
  type,
  filters,
  sort,
}: {
  type: TLoanExportType;
  filters: TLoanFilters;
  sort: TLoanSort;
}): Promise<string> => {
  const { blob, fileName } = await apiDownload('/loans/export', {
    query: { ...filters, ...sort, export_type: type },
  });
  const name = fileName ?? `loans_export.${type}`;
  saveBlob(blob, name);
  return name;
};

export const useExportLoans = () => useMutation({ mutationFn: exportLoans });
