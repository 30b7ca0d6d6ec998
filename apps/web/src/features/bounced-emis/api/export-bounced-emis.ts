import { useMutation } from '@tanstack/react-query';
import { saveExport } from '../../../api/save-export';
import { istToday } from '../../../lib/business-today';
import type { TBouncedFilters } from './list-bounced-emis';

/** GET /emi/bounced/export with the filters → an .xlsx saved under the server's name or one with the date. */
export const exportBouncedEmis = async (filters: TBouncedFilters): Promise<string> => {
  return saveExport('/emi/bounced/export', filters, `bounced_emis_${istToday()}.xlsx`);
};

export const useExportBouncedEmis = () => useMutation({ mutationFn: exportBouncedEmis });
