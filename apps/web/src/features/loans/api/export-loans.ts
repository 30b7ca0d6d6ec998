import { useMutation } from '@tanstack/react-query';
import { saveExport } from '../../../api/save-export';
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
  return saveExport('/loans/export', { ...filters, ...sort, export_type: type }, `loans_export.${type}`);
};

export const useExportLoans = () => useMutation({ mutationFn: exportLoans });
