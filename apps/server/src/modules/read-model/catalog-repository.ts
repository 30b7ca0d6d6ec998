import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { rowsOf } from '../../db/sql';

/** One function or trigger as the database prints it back: the text both sides are compared on. */
export type CatalogEntry = {
  kind: 'function' | 'trigger' | 'view';
  name: string;
  table: string | null;
  /** What DROP needs to name the object: `name(argument types)`, or `name ON table`. */
  identity: string;
  definition: string;
};

/** `function name` or `trigger name on table`: how a drift names an object. */
export const catalogKey = (entry: Pick<CatalogEntry, 'kind' | 'name' | 'table'>): string =>
  entry.kind === 'trigger' ? `trigger ${entry.name} on ${entry.table}` : `${entry.kind} ${entry.name}`;

/**
 * Every function, view and user trigger of the public schema, except those an extension brings
 * (pg_trgm's), in PostgreSQL's own rendering: a body compares verbatim, headers normalised.
 */
export const readCatalog = async (db: Executor): Promise<Map<string, CatalogEntry>> => {
  const result = await db.execute(sql`
    select 'function' as kind, p.proname as name, null as "table",
      p.proname || '(' || pg_get_function_identity_arguments(p.oid) || ')' as identity,
      pg_get_functiondef(p.oid) as definition, p.oid::bigint as created
    from pg_proc p join pg_namespace n on n.oid = p.pronamespace
    where n.nspname = 'public' and p.prokind = 'f'
      and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')
    union all
    select 'trigger', t.tgname, c.relname, t.tgname || ' ON ' || c.relname, pg_get_triggerdef(t.oid), 0
    from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and not t.tgisinternal
    union all
    select 'view', v.viewname, null, v.viewname, pg_get_viewdef(format('%I', v.viewname)::regclass, true), 0
    from pg_views v where v.schemaname = 'public'
    order by 1, 2, 6 desc`);
  const entries = rowsOf<CatalogEntry & { created?: unknown }>(result);
  const catalog = new Map<string, CatalogEntry>();
  for (const { created: _created, ...entry } of entries) {
    // A file declares a function by its name. An older function of the same name with other arguments
    // (left behind when a file changed a function's arguments) is keyed by its full signature, so that
    // no file owns it: the drift names it and the next migration drops it. The newest keeps the name.
    const key = catalog.has(catalogKey(entry)) ? `${entry.kind} ${entry.identity}` : catalogKey(entry);
    catalog.set(key, entry);
  }
  return catalog;
};

/** Runs one statement of a kept SQL file. */
export const runStatement = (db: Executor, statement: string) => db.execute(sql.raw(statement));
