import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The folder of the current SQL of every function and trigger the database runs: one file per kept
 * figure (plus `shared.sql` and `guards.sql`). Migrations are produced from these files by
 * `npm run db:kept`; the files, not the migrations, are where a body is read and changed.
 */
export const KEPT_SQL_DIR = fileURLToPath(new URL('./sql', import.meta.url));

/** The separator the migrator splits a migration on; the files use it between statements too. */
export const STATEMENT_BREAK = '--> statement-breakpoint';

/** A trigger as a file declares it: its name and the table it is on. */
export type DeclaredTrigger = { name: string; table: string };

/** One file of current SQL: its statements in order and the objects it declares. */
export type KeptSqlFile = {
  /** The file name without `.sql`: the figure's name, `shared` or `guards`. */
  name: string;
  text: string;
  statements: string[];
  functions: string[];
  triggers: DeclaredTrigger[];
  /** Views: the defining queries some figures are checked and rebuilt from. */
  views: string[];
};

const FUNCTION_NAME = /^\s*CREATE\s+(?:OR\s+REPLACE\s+)?FUNCTION\s+"?(\w+)"?\s*\(/im;
const VIEW_NAME = /^\s*CREATE\s+(?:OR\s+REPLACE\s+)?VIEW\s+"?(\w+)"?/im;
const TRIGGER_NAME =
  /^\s*CREATE\s+(?:OR\s+REPLACE\s+)?(?:CONSTRAINT\s+)?TRIGGER\s+"?(\w+)"?[\s\S]*?\sON\s+"?(\w+)"?/im;

/** A file's statements without their comment-only leading lines' emptiness (comments stay). */
export const splitStatements = (text: string): string[] =>
  text
    .split(STATEMENT_BREAK)
    .map((statement) => statement.trim())
    .filter((statement) => statement.replace(/^--.*$/gm, '').trim() !== '');

/** Reads one file of current SQL and names what it declares. */
export const parseKeptSql = (name: string, text: string): KeptSqlFile => {
  const statements = splitStatements(text);
  const functions: string[] = [];
  const triggers: DeclaredTrigger[] = [];
  const views: string[] = [];
  for (const statement of statements) {
    const code = statement.replace(/^--.*$/gm, '');
    const trigger = TRIGGER_NAME.exec(code);
    if (trigger?.[1] && trigger[2]) {
      triggers.push({ name: trigger[1], table: trigger[2] });
      continue;
    }
    const view = VIEW_NAME.exec(code);
    if (view?.[1]) {
      views.push(view[1]);
      continue;
    }
    const fn = FUNCTION_NAME.exec(code);
    if (fn?.[1]) functions.push(fn[1]);
  }
  return { name, text, statements, functions, triggers, views };
};

/** Every file of current SQL, in the order they are applied: `shared` first, then by name. */
export const readKeptSqlFiles = (dir = KEPT_SQL_DIR): KeptSqlFile[] =>
  fs
    .readdirSync(dir)
    .filter((file) => file.endsWith('.sql'))
    .map((file) => file.slice(0, -'.sql'.length))
    .sort((a, b) => (a === 'shared' ? -1 : b === 'shared' ? 1 : a.localeCompare(b)))
    .map((name) => parseKeptSql(name, fs.readFileSync(path.join(dir, `${name}.sql`), 'utf8')));
