import { useMutation } from '@tanstack/react-query';
import { apiDownload } from '../../../api/client';
import { saveBlob } from '../../../lib/save-file';
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
  const { blob, fileName } = await apiDownload('/reports/export', {
    query: { search: filter.search, customer_id: filter.customerId },
  });
  const name = fileName ?? `credit_report_${today}.csv`;
  saveBlob(blob, name);
  return name;
};

export const useExportReports = () => useMutation({ mutationFn: exportReports });
