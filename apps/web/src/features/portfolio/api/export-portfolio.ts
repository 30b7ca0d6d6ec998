import { useMutation } from '@tanstack/react-query';
import { saveExport } from '../../../api/save-export';

/** Which CSV: the summary as of a day, or the efficiency of a period. */
export type TPortfolioExport =
  | { kind: 'summary'; asOf: string }
  | { kind: 'efficiency'; period: string; date: string };

/**
 * GET /portfolio/summary/export or /portfolio/efficiency/export: the server writes the file (one row
 * per agent and the whole book); saved under the server's name.
 */
export const exportPortfolio = async (which: TPortfolioExport): Promise<string> => {
  const { kind, ...query } = which;
  return saveExport(`/portfolio/${kind}/export`, query, `portfolio_${kind}.csv`);
};

export const useExportPortfolio = () => useMutation({ mutationFn: exportPortfolio });
