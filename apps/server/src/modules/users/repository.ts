import { and, asc, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { type RoleRow, roles, type UserRow, users } from '../../db/schema';
import { containsPattern } from '../../db/sql';
import { keptUserCount } from '../read-model';

export type { RoleRow, UserRow };
export type UserWithRole = { user: UserRow; role: RoleRow };

export const findUserWithRoleById = async (db: Executor, id: number): Promise<UserWithRole | null> => {
  const [row] = await db
    .select({ user: users, role: roles })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(eq(users.id, id))
    .limit(1);
  return row ?? null;
};

/** E-mail addresses compare case-insensitively, matching the unique index. */
export const findUserWithRoleByEmail = async (db: Executor, email: string): Promise<UserWithRole | null> => {
  const [row] = await db
    .select({ user: users, role: roles })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
    .limit(1);
  return row ?? null;
};

export const emailExists = async (db: Executor, email: string): Promise<boolean> =>
  (await findUserWithRoleByEmail(db, email)) !== null;

/** Some user of the role, or null when it has none. */
export const findUserWithRole = async (db: Executor, roleId: number): Promise<{ id: number } | null> => {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.roleId, roleId)).limit(1);
  return row ?? null;
};

export const userExists = async (db: Executor, id: number): Promise<boolean> => {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, id)).limit(1);
  return row !== undefined;
};

export const insertUser = async (db: Executor, values: typeof users.$inferInsert): Promise<UserRow> => {
  const [row] = await db.insert(users).values(values).returning();
  if (!row) throw new Error('insert returned no user');
  return row;
};

/**
 * Inserts many users in one statement (an import's batch) and answers each one's id with its e-mail
 * in lower case, which is unique: the caller pairs rows and ids by it, not by position.
 */
export const insertUsers = async (
  db: Executor,
  values: readonly (typeof users.$inferInsert)[],
): Promise<{ id: number; email: string }[]> => {
  if (values.length === 0) return [];
  return db
    .insert(users)
    .values([...values])
    .returning({ id: users.id, email: sql<string>`lower(${users.email})` });
};

export const updatePasswordHash = async (db: Executor, userId: number, passwordHash: string, now: Date) => {
  await db.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, userId));
};

/** Active users matching a name or e-mail fragment, for pickers. */
export const searchUserSummaries = async (db: Executor, options: { search?: string; limit: number }) => {
  const pattern = containsPattern(options.search);
  return db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(
      and(
        eq(users.isActive, true),
        pattern ? or(ilike(users.name, pattern), ilike(users.email, pattern)) : undefined,
      ),
    )
    .orderBy(asc(users.name), asc(users.id))
    .limit(options.limit);
};

export type UserChanges = Partial<Omit<typeof users.$inferInsert, 'id' | 'createdAt'>>;

/** The user's row, locked until the transaction ends, so two changes of its documents cannot interleave. */
export const lockUser = async (tx: Executor, id: number): Promise<UserRow | null> => {
  const [row] = await tx.select().from(users).where(eq(users.id, id)).for('update').limit(1);
  return row ?? null;
};

export const updateUser = async (db: Executor, id: number, changes: UserChanges): Promise<UserRow> => {
  const [row] = await db.update(users).set(changes).where(eq(users.id, id)).returning();
  if (!row) throw new Error(`update found no user ${id}`);
  return row;
};

export const deleteUserRow = async (db: Executor, id: number): Promise<boolean> => {
  const deleted = await db.delete(users).where(eq(users.id, id)).returning({ id: users.id });
  return deleted.length > 0;
};

/** Another user already has this e-mail (compared case-insensitively, like the unique index). */
export const emailTakenByOther = async (db: Executor, email: string, exceptId?: number): Promise<boolean> => {
  const found = await findUserWithRoleByEmail(db, email);
  return found !== null && found.user.id !== exceptId;
};

export type UserListFilter = { search?: string; role?: string; agentId?: number; id?: number };

const normalizedRoleName = sql`lower(replace(${roles.name}, ' ', ''))`;

const whereOf = (filter: UserListFilter): SQL | undefined => {
  const pattern = containsPattern(filter.search);
  return and(
    pattern ? or(ilike(users.name, pattern), ilike(users.email, pattern)) : undefined,
    filter.role ? eq(normalizedRoleName, filter.role.replace(/\s+/g, '').toLowerCase()) : undefined,
    filter.agentId !== undefined ? eq(users.agentId, filter.agentId) : undefined,
    filter.id !== undefined ? eq(users.id, filter.id) : undefined,
  );
};

/**
 * How many users match. Without a search or a scope (an agent's book, one user) `where` names roles
 * alone, and the count is the read model's per-role counts (`keptUserCount`), a handful of rows
 * instead of every user.
 */
const countUsers = async (db: Executor, filter: UserListFilter, where: SQL | undefined): Promise<number> => {
  if (!filter.search && filter.agentId === undefined && filter.id === undefined)
    return keptUserCount(db, where);
  const [counted] = await db
    .select({ total: sql<string>`count(*)::text` })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(where);
  return Number(counted?.total ?? 0);
};

/** One page of users with their roles, newest first, and how many match in all. */
export const listUsersPage = async (
  db: Executor,
  filter: UserListFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: UserWithRole[]; total: number }> => {
  const where = whereOf(filter);
  const [total, rows] = await Promise.all([
    countUsers(db, filter, where),
    db
      .select({ user: users, role: roles })
      .from(users)
      .innerJoin(roles, eq(roles.id, users.roleId))
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(page.limit)
      .offset(page.offset),
  ]);
  return { rows, total };
};

/** Every user matching the filter, newest first (the agent's own customers are a short list). */
export const listUsers = (db: Executor, filter: UserListFilter): Promise<UserWithRole[]> =>
  db
    .select({ user: users, role: roles })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(whereOf(filter))
    .orderBy(desc(users.createdAt), desc(users.id));

export const findUsersByIds = async (db: Executor, ids: readonly number[]): Promise<UserRow[]> =>
  ids.length === 0
    ? []
    : db
        .select()
        .from(users)
        .where(inArray(users.id, [...ids]));
