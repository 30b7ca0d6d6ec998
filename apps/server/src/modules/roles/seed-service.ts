import { SYSTEM_ROLE_DESCRIPTIONS, SYSTEM_ROLE_PERMISSIONS, SYSTEM_ROLES } from '@lending/domain';
import type { Executor } from '../../db/client';
import { insertRole } from './repository';

/** The four system roles with the permissions they are seeded with; roles that exist are left alone. */
export const seedSystemRoles = async (db: Executor): Promise<void> => {
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
};
