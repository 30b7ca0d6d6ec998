import { useMutation } from '@tanstack/react-query';
import { saveExport } from '../../../api/save-export';
import type { TReportsFilter } from './list-reports';

/**
 * GET /reports/export with the search or customer: the server writes every event they match (not the
 * page on screen), newest first, and streams it; saved under the server's name.
 */
export const exportReports = async ({
  filter,
  today,
}: {
  filter: TReportsFilter;
  today: string;
}): Promise<string> => {
  return saveExport(
    '/reports/export',
    { search: filter.search, customer_id: filter.customerId },
    `credit_report_${today}.csv`,
  );
};

export const useExportReports = () => useMutation({ mutationFn: exportReports });
