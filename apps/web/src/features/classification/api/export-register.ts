import { useMutation } from '@tanstack/react-query';
import { API_BASE } from '../../../api/client';
import { saveExport } from '../../../api/save-export';
import { registerQuery, type TRegisterFilters } from '../lib/register-params';

/** The register's file formats. */
export type TRegisterFormat = 'csv' | 'xlsx';

const EXPORT_PATH = '/classification/register/export';

const exportQuery = (filters: TRegisterFilters, format: TRegisterFormat) => ({
  ...registerQuery(filters),
  format,
});

/**
 * The export's address with the filter, for the link's href: what it names (and what a person
 * copying it sees). The file itself is fetched by `exportRegister`, which carries the bearer token.
 */
export const registerExportHref = (filters: TRegisterFilters, format: TRegisterFormat): string =>
  `${API_BASE}${EXPORT_PATH}?${new URLSearchParams(exportQuery(filters, format)).toString()}`;

/** GET /classification/register/export: the register of the filter as CSV or XLSX, saved under the server's name. */
export const exportRegister = ({ filters, format }: { filters: TRegisterFilters; format: TRegisterFormat }) =>
  saveExport(EXPORT_PATH, exportQuery(filters, format), `sma-npa-register.${format}`);

/** The export as a mutation: its pending state keeps a second click from starting another. */
export const useExportRegister = () => useMutation({ mutationFn: exportRegister });
