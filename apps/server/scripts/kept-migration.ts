import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MIGRATIONS_DIR, openPglite } from '../src/db/client';
import {
  isInStep,
  keptMigrationName,
  keptMigrationText,
  keptSqlDrift,
  readKeptSqlFiles,
} from '../src/modules/read-model';

/**
 * `npm run db:kept`: migrates an empty in-memory database, compares its functions and triggers with
 * the read model's files of current SQL, and when they differ writes a migration that brings every
 * database in step (drizzle-kit's custom migration, so its journal and snapshot stay its own). Then
 * checks a database migrated with it is in step. `--name x` names the migration.
 */
const serverDir = fileURLToPath(new URL('..', import.meta.url));
const nameArg = process.argv.indexOf('--name');
const files = readKeptSqlFiles();

const driftOfMigrations = async () => {
  const database = await openPglite();
  try {
    await database.migrate();
    return await keptSqlDrift(database.db, files);
  } finally {
    await database.close();
  }
};

const drift = await driftOfMigrations();
if (drift.declaredTwice.length > 0) {
  console.error(`declared by more than one file: ${drift.declaredTwice.join(', ')}`);
  process.exit(1);
}
if (isInStep(drift)) {
  console.log('the migrations already run what the files say: nothing to write');
  process.exit(0);
}
const name = nameArg > 0 ? (process.argv[nameArg + 1] ?? '') : keptMigrationName(files, drift);
execFileSync('npx', ['drizzle-kit', 'generate', '--custom', `--name=${name}`], {
  cwd: serverDir,
  stdio: 'inherit',
});
const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as {
  entries: { tag: string }[];
};
const tag = journal.entries.at(-1)?.tag;
if (!tag?.endsWith(name)) throw new Error(`drizzle-kit did not add the migration ${name}`);
const file = path.join(MIGRATIONS_DIR, `${tag}.sql`);
writeFileSync(file, keptMigrationText(files, drift));
console.log(`wrote ${file}`);

const after = await driftOfMigrations();
if (!isInStep(after)) {
  console.error('the new migration does not bring the database in step:', JSON.stringify(after, null, 2));
  process.exit(1);
}
console.log('a database migrated with it runs exactly what the files say');
