import type { KeptSqlDrift } from './drift';
import { type KeptSqlFile, STATEMENT_BREAK } from './sql-files';

/** The files a migration must apply to bring a database in step: changed ones and those with new objects. */
export const filesToApply = (files: readonly KeptSqlFile[], drift: KeptSqlDrift): KeptSqlFile[] => {
  const changed = new Set(drift.changed.map((change) => change.file));
  return files.filter((file) => changed.has(file.name));
};

/**
 * The text of a migration that brings a database from `drift` to the files: the whole of every file
 * to apply (each is re-runnable: CREATE OR REPLACE, a trigger dropped then created), then the drop of
 * every function, view or trigger no file declares any more.
 */
export const keptMigrationText = (files: readonly KeptSqlFile[], drift: KeptSqlDrift): string => {
  const apply = filesToApply(files, drift);
  // Triggers go before the functions they call, views before the functions they read.
  const order = { trigger: 0, view: 1, function: 2 } as const;
  const drops = [...drift.undeclared]
    .sort((a, b) => order[a.kind] - order[b.kind] || a.name.localeCompare(b.name))
    .map((entry) => `DROP ${entry.kind.toUpperCase()} IF EXISTS ${entry.identity};`);
  const header = [
    "-- Produced by `npm run db:kept` from the read model's current SQL; change those files, not this one:",
    ...apply.map((file) => `--   apps/server/src/modules/read-model/sql/${file.name}.sql`),
  ].join('\n');
  const statements = [...apply.flatMap((file) => file.statements), ...drops];
  return `${header}\n${statements.join(`\n${STATEMENT_BREAK}\n`)}\n`;
};

/** A migration name from the files it applies: `kept_<file>` for one or two, else how many. */
export const keptMigrationName = (files: readonly KeptSqlFile[], drift: KeptSqlDrift): string => {
  const names = filesToApply(files, drift).map((file) => file.name.replaceAll('-', '_'));
  if (names.length === 0) return 'kept_drops';
  return names.length <= 2 ? `kept_${names.join('_')}` : `kept_${names.length}_files`;
};
