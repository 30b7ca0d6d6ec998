import type { Db } from '../../db/client';
import { type CatalogEntry, catalogKey, readCatalog, runStatement } from './catalog-repository';
import { type KeptSqlFile, readKeptSqlFiles } from './sql-files';

/** How the database's functions and triggers differ from the files of current SQL. */
export type KeptSqlDrift = {
  /** Files that would change the database if applied, with the objects they would change. */
  changed: { file: string; objects: string[] }[];
  /** Functions, views and triggers the database has that no file declares. */
  undeclared: CatalogEntry[];
  /** Objects a file declares that the database does not have. */
  missing: string[];
  /** Objects declared by more than one file. */
  declaredTwice: string[];
};

/** True when the database runs exactly what the files say. */
export const isInStep = (drift: KeptSqlDrift): boolean =>
  drift.changed.length === 0 &&
  drift.undeclared.length === 0 &&
  drift.missing.length === 0 &&
  drift.declaredTwice.length === 0;

const declaredKeys = (file: KeptSqlFile): string[] => [
  ...file.functions.map((name) => catalogKey({ kind: 'function', name, table: null })),
  ...file.triggers.map(({ name, table }) => catalogKey({ kind: 'trigger', name, table })),
  ...file.views.map((name) => catalogKey({ kind: 'view', name, table: null })),
];

const differing = (before: Map<string, CatalogEntry>, after: Map<string, CatalogEntry>): string[] =>
  [...after].filter(([key, entry]) => before.get(key)?.definition !== entry.definition).map(([key]) => key);

class RolledBack extends Error {}

/**
 * Compares the database with the files: applies every file in a transaction that is always rolled
 * back, and names each file whose statements changed what PostgreSQL prints back for a function or
 * trigger (a body compares verbatim). Nothing the check does stays in the database.
 */
export const keptSqlDrift = async (db: Db, files = readKeptSqlFiles()): Promise<KeptSqlDrift> => {
  const owner = new Map<string, string>();
  const declaredTwice: string[] = [];
  for (const file of files) {
    for (const key of declaredKeys(file)) {
      if (owner.has(key)) declaredTwice.push(key);
      owner.set(key, file.name);
    }
  }
  let drift: KeptSqlDrift | undefined;
  try {
    await db.transaction(async (tx) => {
      const start = await readCatalog(tx);
      const changed: KeptSqlDrift['changed'] = [];
      let before = start;
      for (const file of files) {
        for (const statement of file.statements) await runStatement(tx, statement);
        const after = await readCatalog(tx);
        const objects = differing(before, after);
        if (objects.length > 0) changed.push({ file: file.name, objects });
        before = after;
      }
      drift = {
        changed,
        undeclared: [...start].filter(([key]) => !owner.has(key)).map(([, entry]) => entry),
        missing: [...owner.keys()].filter((key) => !start.has(key)),
        declaredTwice,
      };
      throw new RolledBack();
    });
  } catch (error) {
    if (!(error instanceof RolledBack)) throw error;
  }
  if (!drift) throw new Error('the drift check did not run');
  return drift;
};
