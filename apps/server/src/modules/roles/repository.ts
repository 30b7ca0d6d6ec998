import { asc, count, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { type RoleRow, roles, users } from '../../db/schema';

export type { RoleRow };

export const listRoles = (db: Executor) => db.select().from(roles).orderBy(asc(roles.id));

export const findRoleById = async (db: Executor, id: number): Promise<RoleRow | null> => {
  const [row] = await db.select().from(roles).where(eq(roles.id, id)).limit(1);
  return row ?? null;
};

/** Locks the role row for the rest of the transaction, so concurrent edits of one role serialise. */
export const lockRoleById = async (db: Executor, id: number): Promise<RoleRow | null> => {
  const [row] = await db.select().from(roles).where(eq(roles.id, id)).for('update').limit(1);
  return row ?? null;
};

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

export const updateRole = async (db: Executor, id: number, values: Partial<typeof roles.$inferInsert>) => {
  const [row] = await db.update(roles).set(values).where(eq(roles.id, id)).returning();
  return row ?? null;
};

export const deleteRole = async (db: Executor, id: number) => {
  await db.delete(roles).where(eq(roles.id, id));
};

export const countUsersWithRole = async (db: Executor, roleId: number): Promise<number> => {
  const [row] = await db.select({ n: count() }).from(users).where(eq(users.roleId, roleId));
  return row?.n ?? 0;
};
