import type { Executor } from '../../db/client';
import { hashPassword } from '../../platform/passwords';
import { findRoleByName, seedSystemRoles } from '../roles';
import { findUserWithRole, insertUser } from './repository';

export type SeedResult = { createdSuperadmin: { email: string; password: string } | null };

/**
 * First start of an empty database: the four system roles and the superadmin. Safe to run on every
 * start (main.ts and the tests' template database call it).
 */
export const seedSystemAccounts = async (
  db: Executor,
  admin: { email: string; password: string },
): Promise<SeedResult> => {
  await seedSystemRoles(db);
  const superadminRole = await findRoleByName(db, 'superadmin');
  if (!superadminRole) throw new Error('superadmin role missing after seeding');
  if (await findUserWithRole(db, superadminRole.id)) return { createdSuperadmin: null };
  await insertUser(db, {
    name: 'Super Admin',
    email: admin.email,
    passwordHash: await hashPassword(admin.password),
    roleId: superadminRole.id,
  });
  return { createdSuperadmin: admin };
};
