import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';
import { loadConfig } from './config';
import { BOSS_SCHEMA } from './modules/jobs';
import type { VerifyOutput } from './verify';

/**
 * `npm run backup -- --out <file.tar.gz>` and `npm run restore -- --from <file.tar.gz> [--force]`:
 * the database and the files of DATA_DIR (uploads, APKs) in one gzipped tar archive.
 *
 * - PGlite: a copy of the data folder, taken only when it was shut down cleanly (the server is
 *   stopped: PGlite is one process, and copying a running one would copy a torn database).
 * - PostgreSQL: `pg_dump --format=custom` of DATABASE_URL (the server may keep running: the dump
 *   is one consistent snapshot), restored with `pg_restore` into DATABASE_URL's database.
 *
 * Restore refuses a target that already holds data unless `--force` (which replaces it).
 */

const run = promisify(execFile);

/** The folders of DATA_DIR a backup carries besides the database. */
const FILE_FOLDERS = ['uploads', 'apk'] as const;
const MANIFEST = 'manifest.json';
const FORMAT = 1;

type Manifest = { format: number; engine: 'pglite' | 'postgres'; createdAt: string; folders: string[] };

/** Exit codes: 0 done, 1 refused (the target holds data, the database is running), 2 failed. */
class Refusal extends Error {}

const standardOutput: VerifyOutput = {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
};

/** `--name value` from the arguments; relative paths are read from where npm was called. */
const pathArgument = (args: string[], name: string, env: NodeJS.ProcessEnv): string | null => {
  const value = args[args.indexOf(name) + 1];
  if (!args.includes(name) || !value) return null;
  return path.resolve(env.INIT_CWD ?? process.cwd(), value);
};

/** PostgreSQL's pg_control: the cluster's state is the int32 after the 8-byte id and two versions. */
const PG_CONTROL_STATE_OFFSET = 16;
const DB_SHUTDOWNED = 1;

const pgliteShutDownCleanly = (dbDir: string): boolean => {
  const control = path.join(dbDir, 'global', 'pg_control');
  return (
    fs.existsSync(control) && fs.readFileSync(control).readInt32LE(PG_CONTROL_STATE_OFFSET) === DB_SHUTDOWNED
  );
};

const isEmptyFolder = (folder: string) => !fs.existsSync(folder) || fs.readdirSync(folder).length === 0;

/** The application's schemas: ours, drizzle's migrations record and the job queue's (pg-boss). */
const APP_SCHEMAS = ['public', 'drizzle', BOSS_SCHEMA] as const;

/** The tables of a PostgreSQL database in the application's schemas (none: a fresh database). */
const postgresTables = async (url: string): Promise<number> => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      'select count(*)::int as n from information_schema.tables where table_schema = any($1)',
      [APP_SCHEMAS],
    );
    return rows[0]?.n ?? 0;
  } finally {
    await client.end();
  }
};

const emptyPostgres = async (url: string) => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    // pg_restore recreates every schema the dump holds: pg-boss's too, so it goes with ours.
    await client.query(
      `drop schema if exists drizzle cascade; drop schema if exists ${BOSS_SCHEMA} cascade; drop schema public cascade; create schema public`,
    );
  } finally {
    await client.end();
  }
};

const withStaging = async <T>(work: (staging: string) => Promise<T>): Promise<T> => {
  const staging = fs.mkdtempSync(path.join(os.tmpdir(), 'lending-backup-'));
  try {
    return await work(staging);
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
};

/** Writes the archive; answers what it holds. */
export const backup = async (env: NodeJS.ProcessEnv, out: string): Promise<Manifest> => {
  const config = loadConfig(env);
  return withStaging(async (staging) => {
    const engine = config.databaseUrl ? 'postgres' : 'pglite';
    if (config.databaseUrl) {
      await run('pg_dump', [
        '--format=custom',
        '--no-owner',
        '--no-acl',
        '--file',
        path.join(staging, 'database.dump'),
        config.databaseUrl,
      ]);
    } else {
      const dbDir = path.join(config.dataDir, 'db');
      if (!fs.existsSync(path.join(dbDir, 'PG_VERSION')))
        throw new Refusal(`no database in ${config.dataDir}`);
      if (!pgliteShutDownCleanly(dbDir))
        throw new Refusal(
          'the embedded database is running or was not shut down cleanly: stop the server (start and stop it once after a crash), then back up',
        );
      fs.cpSync(dbDir, path.join(staging, 'db'), { recursive: true });
    }
    const folders = FILE_FOLDERS.filter((folder) => fs.existsSync(path.join(config.dataDir, folder)));
    for (const folder of folders)
      fs.cpSync(path.join(config.dataDir, folder), path.join(staging, folder), { recursive: true });
    const manifest: Manifest = { format: FORMAT, engine, createdAt: new Date().toISOString(), folders };
    fs.writeFileSync(path.join(staging, MANIFEST), JSON.stringify(manifest, null, 2));
    fs.mkdirSync(path.dirname(out), { recursive: true });
    // Written beside the target, then renamed: a failed backup never leaves a truncated archive.
    const partial = `${out}.part`;
    await run('tar', ['-czf', partial, '-C', staging, '.']);
    fs.renameSync(partial, out);
    return manifest;
  });
};

/** Restores the archive into the configured database and DATA_DIR. */
export const restore = async (env: NodeJS.ProcessEnv, from: string, force: boolean): Promise<Manifest> => {
  const config = loadConfig(env);
  return withStaging(async (staging) => {
    await run('tar', ['-xzf', from, '-C', staging]);
    const manifest = JSON.parse(fs.readFileSync(path.join(staging, MANIFEST), 'utf8')) as Manifest;
    if (manifest.format !== FORMAT) throw new Refusal(`unknown archive format ${manifest.format}`);
    const engine = config.databaseUrl ? 'postgres' : 'pglite';
    if (manifest.engine !== engine)
      throw new Refusal(`the archive holds a ${manifest.engine} database; the target is ${engine}`);

    const dbDir = path.join(config.dataDir, 'db');
    const holdsData =
      (config.databaseUrl ? (await postgresTables(config.databaseUrl)) > 0 : !isEmptyFolder(dbDir)) ||
      FILE_FOLDERS.some((folder) => !isEmptyFolder(path.join(config.dataDir, folder)));
    if (holdsData && !force)
      throw new Refusal('the target database or DATA_DIR already holds data; add --force to replace it');

    if (config.databaseUrl) {
      if (force) await emptyPostgres(config.databaseUrl);
      await run('pg_restore', [
        '--no-owner',
        '--no-acl',
        '--exit-on-error',
        '--dbname',
        config.databaseUrl,
        path.join(staging, 'database.dump'),
      ]);
    } else {
      fs.rmSync(dbDir, { recursive: true, force: true });
      fs.mkdirSync(config.dataDir, { recursive: true });
      fs.cpSync(path.join(staging, 'db'), dbDir, { recursive: true });
    }
    for (const folder of FILE_FOLDERS) {
      const target = path.join(config.dataDir, folder);
      fs.rmSync(target, { recursive: true, force: true });
      if (manifest.folders.includes(folder))
        fs.cpSync(path.join(staging, folder), target, { recursive: true });
    }
    return manifest;
  });
};

const messageOf = (error: unknown) =>
  error instanceof Error ? (error as { stderr?: string }).stderr?.trim() || error.message : String(error);

/** The CLI: `backup --out <file>` or `restore --from <file> [--force]`; answers the exit code. */
export const runBackupCli = async (
  args: string[],
  env: NodeJS.ProcessEnv = process.env,
  output: VerifyOutput = standardOutput,
): Promise<number> => {
  const [command] = args;
  try {
    if (command === 'backup') {
      const out = pathArgument(args, '--out', env);
      if (!out) throw new Refusal('usage: npm run backup -- --out <file.tar.gz>');
      const manifest = await backup(env, out);
      output.out(
        `backup: ${manifest.engine} database and ${manifest.folders.join(', ') || 'no'} files written to ${out}`,
      );
      return 0;
    }
    if (command === 'restore') {
      const from = pathArgument(args, '--from', env);
      if (!from || !fs.existsSync(from))
        throw new Refusal('usage: npm run restore -- --from <file.tar.gz> [--force]');
      const manifest = await restore(env, from, args.includes('--force'));
      output.out(
        `restore: ${manifest.engine} database of ${manifest.createdAt} restored; run npm run verify`,
      );
      return 0;
    }
    throw new Refusal('usage: backup --out <file> | restore --from <file> [--force]');
  } catch (error) {
    output.err(`${command ?? 'backup'}: ${messageOf(error)}`);
    return error instanceof Refusal ? 1 : 2;
  }
};

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  process.exitCode = await runBackupCli(process.argv.slice(2));
}
