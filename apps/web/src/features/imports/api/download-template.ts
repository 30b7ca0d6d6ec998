import type { ImportKind } from '@lending/domain';
import { useMutation } from '@tanstack/react-query';
import { saveExport } from '../../../api/save-export';

/** Which template: the workbook with a sheet per kind, or one kind's CSV. */
export type TTemplateChoice = { format: 'xlsx' } | { format: 'csv'; kind: ImportKind };

/** GET /imports/template?format=&kind= saved under the server's name (or a name of our own). */
export const downloadTemplate = (choice: TTemplateChoice): Promise<string> =>
  choice.format === 'xlsx'
    ? saveExport('/imports/template', { format: 'xlsx' }, 'import-template.xlsx')
    : saveExport('/imports/template', { format: 'csv', kind: choice.kind }, `import-${choice.kind}.csv`);

export const useDownloadTemplate = () => useMutation({ mutationFn: downloadTemplate });
