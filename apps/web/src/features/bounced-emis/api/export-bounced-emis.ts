import { useMutation } from '@tanstack/react-query';
import { apiDownload } from '../../../api/client';
import { istToday } from '../../../lib/business-today';
import { saveBlob } from '../../../lib/save-file';
import type { TBouncedFilters } from './list-bounced-emis';

/** GET /emi/bounced/export with the filters → an .xlsx saved under the server's name or one with the date. */
export const exportBouncedEmis = async (filters: TBouncedFilters): Promise<string> => {
  const { blob, fileName } = await apiDownload('/emi/bounced/export', { query: filters });
  const name = fileName ?? `bounced_emis_${istToday()}.xlsx`;
  saveBlob(blob, name);
  return name;
};

export const useExportBouncedEmis = () => useMutation({ mutationFn: exportBouncedEmis });
