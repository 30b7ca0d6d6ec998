import { asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { roles } from '../../db/schema';

export const listRoles = (db: Executor) => db.select().from(roles).orderBy(asc(roles.id));

/** Role names compare ignoring case and spaces, as the unique index does. */
export const findRoleByName = async (db: Executor, name: string) => {
  const [row] = await db
    .select()
    .from(roles)
    .where(eq(sql`lower(replace(${roles.name}, ' ', ''))`, name.replace(/\s+/g, '').toLowerCase()))
    .limit(1);
  return row ?? null;
};

export const insertRole = async (db: Executor, values: typeof roles.$inferInsert) => {
  const [row] = await db.insert(roles).values(values).onConflictDoNothing().returning();
  return row ?? null;
};
