import { saveBlob } from '../lib/save-file';
import { apiDownload, type TRequestOptions } from './client';

/**
 * GET a file the server writes and save it under the server's name (Content-Disposition), or
 * `fallbackName` when it gives none. Answers the name the file was saved under.
 */
export const saveExport = async (
  path: string,
  query: TRequestOptions['query'],
  fallbackName: string,
): Promise<string> => {
  const { blob, fileName } = await apiDownload(path, { query });
  const name = fileName ?? fallbackName;
  saveBlob(blob, name);
  return name;
};
