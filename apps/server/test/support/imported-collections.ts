import type { Db } from '../../src/db/client';
import { imports } from '../../src/db/schema';

/** An import row for imported collections to name, as an upload would have written it. */
export const newImport = async (db: Db): Promise<number> => {
  const [row] = await db
    .insert(imports)
    .values({
      fileName: 'collections.xlsx',
      storageKey: 'imports/test.xlsx',
      sizeBytes: 1,
      sha256: 'x',
      cutOverDate: '2026-11-21',
      sheets: [],
    })
    .returning({ id: imports.id });
  if (!row) throw new Error('no import row');
  return row.id;
};
