import { useMutation } from '@tanstack/react-query';
import { apiDownload } from '../../../api/client';
import type { TLoanFilters, TLoanSort } from './list-loans';

export type TLoanExportType = 'csv' | 'pdf';

/** Saves a blob under a file name through a temporary link. */
export const saveBlob = (blob: Blob, fileName: string): void => {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
};

/**
 * GET /loans/export?export_type=csv|pdf with the current filters; saved under the server's name or
 * loans_export.csv / loans_export.pdf (spec/2 §7).
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
