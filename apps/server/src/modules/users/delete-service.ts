import type { AuthUser } from '../../platform/access';
import { type Actor, writeAudit } from '../../platform/audit';
import { FOREIGN_KEY_VIOLATION, pgErrorCode, RESTRICT_VIOLATION } from '../../platform/db-errors';
import type { AppDeps } from '../../platform/deps';
import { AppError, conflict, notFound } from '../../platform/errors';
import { removeFiles, storedKeys } from './documents';
import { assertMayManage, USER_NOT_FOUND } from './policy';
import { deleteUserRow, findUserWithRoleById, lockUser } from './repository';

/** docs/decisions.md: money records reference users ON DELETE RESTRICT; such users are deactivated instead. */
export const USER_HAS_LOANS = 'This user has loans and cannot be deleted. Deactivate the user instead.';

/** DELETE /users/{id} (admins): the row, then — once that has committed — the user's files. */
export const createUserDeletion = (deps: AppDeps) => {
  const { db, storage } = deps;
  return {
    async delete(actor: AuthUser, id: number, audit: Actor) {
      if (id === actor.id) throw new AppError('CANNOT_DELETE_SELF', 'You cannot delete your own account');
      const found = await findUserWithRoleById(db, id);
      if (!found) throw notFound(USER_NOT_FOUND);
      assertMayManage(actor, found, 'delete');
      const keys = await db
        .transaction(async (tx) => {
          const current = await lockUser(tx, id);
          if (!current || !(await deleteUserRow(tx, id))) throw notFound(USER_NOT_FOUND);
          await writeAudit(tx, audit, {
            action: 'user_deleted',
            resourceType: 'user',
            resourceId: id,
            metadata: { name: current.name, email: current.email, role: found.role.name },
          });
          return storedKeys(current);
        })
        .catch((error: unknown) => {
          const code = pgErrorCode(error);
          if (code === FOREIGN_KEY_VIOLATION || code === RESTRICT_VIOLATION)
            throw conflict('USER_HAS_LOANS', USER_HAS_LOANS);
          throw error;
        });
      await removeFiles(storage, keys);
    },
  };
};
