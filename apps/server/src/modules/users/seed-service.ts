import { SYSTEM_ROLE_DESCRIPTIONS, SYSTEM_ROLE_PERMISSIONS, SYSTEM_ROLES } from '@lending/domain';
import { eq } from 'drizzle-orm';
import { findRoleByName, insertRole } from '../modules/roles/repository';
import { insertUser } from '../modules/users/repository';
import { hashPassword } from '../platform/passwords';
import type { Db } from './client';
import { users } from './schema';

export type SeedResult = { createdSuperadmin: { email: string; password: string } | null };

/** First start of an empty database: the four system roles and the superadmin. Safe to run every start. */
export const seedDatabase = async (
  db: Db,
  admin: { email: string; password: string },
): Promise<SeedResult> => {
  for (const name of SYSTEM_ROLES) {
    await insertRole(db, {
      name,
      description: SYSTEM_ROLE_DESCRIPTIONS[name],
      permissions: SYSTEM_ROLE_PERMISSIONS[name].map((entry) => ({
        resource: entry.resource,
        actions: [...entry.actions],
      })),
      isSystemRole: true,
    });
  }
  const superadminRole = await findRoleByName(db, 'superadmin');
  if (!superadminRole) throw new Error('superadmin role missing after seeding');
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.roleId, superadminRole.id))
    .limit(1);
  if (existing) return { createdSuperadmin: null };
  await insertUser(db, {
    name: 'Super Admin',
    email: admin.email,
    passwordHash: await hashPassword(admin.password),
    roleId: superadminRole.id,
  });
  return { createdSuperadmin: admin };
};
