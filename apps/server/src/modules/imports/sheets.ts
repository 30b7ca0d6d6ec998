import type { Readable } from 'node:stream';
import {
  IMPORT_COLUMNS,
  IMPORT_KIND_TITLES,
  type ImportColumn,
  type ImportKind,
  type ImportMappingOverride,
  importApiMessages,
  importKindOfSheet,
  matchHeaders,
  normalizeHeader,
  type TImportMappingRequest,
} from '@lending/domain';
import type { ImportSheetValue } from '../../db/schema';
import { AppError } from '../../platform/errors';
import { readImportRows } from './reader';

/** A sheet's header row and size as the upload found them, before any mapping. */
export type SheetShape = Omit<ImportSheetValue, 'kind' | 'mapping'>;

/** Choices remembered per kind: column key → header (null: the lender's files do not have it). */
export type RememberedChoices = Record<string, Record<string, string | null>>;

/**
 * Reads an uploaded file once to the end: each sheet's header row and its number of data rows. The
 * reader refuses a file it cannot take (empty, not a spreadsheet, a header twice, too many rows).
 */
export const readSheetShapes = async (input: Readable, fileName: string): Promise<SheetShape[]> => {
  const shapes: SheetShape[] = [];
  const byName = new Map<string, SheetShape>();
  for await (const event of readImportRows(input, { fileName })) {
    if (event.type === 'sheet') {
      const shape = {
        name: event.sheet,
        headerRow: event.headerRow,
        headers: event.headers,
        rows: 0,
        date1904: event.date1904,
      };
      shapes.push(shape);
      byName.set(event.sheet, shape);
    } else if (event.type === 'row') {
      const shape = byName.get(event.sheet);
      if (shape) shape.rows += 1;
    }
  }
  return shapes;
};

/** A sheet read as `kind` (null: left out), its columns matched with the lender's choices first. */
export const mapSheet = (
  shape: SheetShape,
  kind: ImportKind | null,
  choices: ImportMappingOverride,
): ImportSheetValue => ({
  ...shape,
  kind,
  mapping:
    kind === null ? {} : (matchHeaders(kind, shape.headers, choices).mapping as Record<string, number>),
});

/** The mapping the upload proposes: each sheet's kind by its name, its columns by the remembered choices, then by name. */
export const proposeSheets = (
  shapes: readonly SheetShape[],
  remembered: RememberedChoices,
): ImportSheetValue[] =>
  shapes.map((shape) => {
    const kind = importKindOfSheet(shape.name);
    return mapSheet(shape, kind, kind === null ? {} : (remembered[kind] ?? {}));
  });

const invalid = (message: string, param: string) =>
  new AppError('IMPORT_MAPPING_INVALID', message, { errors: [{ param, msg: message }] });

/**
 * The sheets as the lender mapped them (PUT /imports/:id/mapping): each named sheet read as its kind,
 * its columns from the headers chosen (null: the file has none), the rest as remembered, then by
 * name. A sheet, column or header the file does not have is refused.
 */
export const remapSheets = (
  sheets: readonly ImportSheetValue[],
  request: TImportMappingRequest['sheets'],
  remembered: RememberedChoices,
): ImportSheetValue[] => {
  const mapped = sheets.map((sheet) => ({ ...sheet }));
  request.forEach((choice, index) => {
    const position = mapped.findIndex((sheet) => sheet.name === choice.name);
    const sheet = mapped[position];
    if (sheet === undefined)
      throw invalid(importApiMessages.sheetUnknown(choice.name), `sheets.${index}.name`);
    if (choice.kind === null) {
      mapped[position] = mapSheet(sheet, null, {});
      return;
    }
    const columns = IMPORT_COLUMNS[choice.kind] as readonly ImportColumn[];
    for (const [key, header] of Object.entries(choice.columns)) {
      const param = `sheets.${index}.columns.${key}`;
      if (!columns.some((column) => column.key === key))
        throw invalid(
          importApiMessages.columnKeyUnknown(sheet.name, IMPORT_KIND_TITLES[choice.kind], key),
          param,
        );
      const wanted = header === null ? null : normalizeHeader(header);
      if (wanted === '' || (wanted !== null && !sheet.headers.some((h) => normalizeHeader(h) === wanted)))
        throw invalid(importApiMessages.columnUnknown(sheet.name, header ?? ''), param);
    }
    mapped[position] = mapSheet(sheet, choice.kind, { ...remembered[choice.kind], ...choice.columns });
  });
  return mapped;
};
