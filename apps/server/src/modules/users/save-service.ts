import { randomBytes } from 'node:crypto';
import { normalizeRoleName, type TManagedUser, type TUserForm } from '@lending/domain';
import type { AuthUser } from '../../platform/access';
import { type Actor, writeAudit } from '../../platform/audit';
import { deactivateUserSessions } from '../../platform/auth/session-repository';
import { pgErrorCode, UNIQUE_VIOLATION } from '../../platform/db-errors';
import type { AppDeps } from '../../platform/deps';
import { AppError, fieldError, notFound } from '../../platform/errors';
import { hashPassword } from '../../platform/passwords';
import { findRoleById, findRoleByName } from '../roles';
import { type FileColumn, type UploadedFiles, unhide, withUploads } from './documents';
import { assertMayAssign, assertMayManage, isAgent, USER_NOT_FOUND } from './policy';
import { presentManagedUser } from './presenter';
import {
  emailTakenByOther,
  findUserWithRoleById,
  insertUser,
  lockUser,
  type RoleRow,
  type UserChanges,
  type UserRow,
  updateUser,
} from './repository';

const EMAIL_TAKEN = 'A user with this email already exists';

const emailTaken = () =>
  new AppError('EMAIL_TAKEN', EMAIL_TAKEN, { errors: [{ param: 'email', msg: EMAIL_TAKEN }] });

/** Creating and editing users through the users-management form. */
export const createUserSaving = (deps: AppDeps) => {
  const { db, clock, signer, storage } = deps;
  const present = (viewer: AuthUser, user: UserRow, role: RoleRow) =>
    presentManagedUser(db, { signer, nowMs: clock.now().getTime(), viewer }, { user, role });

  const roleFor = async (actor: AuthUser, roleId: number | null | undefined): Promise<RoleRow> => {
    const role = roleId ? await findRoleById(db, roleId) : null;
    if (!role) throw fieldError('ROLE_NOT_FOUND', 'role_id', 'Role not found');
    assertMayAssign(actor, role);
    return role;
  };

  const checkReference = async (referenceId: number | null | undefined, selfId?: number) => {
    if (referenceId === undefined || referenceId === null) return;
    if (referenceId === selfId)
      throw fieldError(
        'SELF_REFERENCE',
        'reference_customer_id',
        'A user cannot be their own reference customer',
      );
    if (!(await findUserWithRoleById(db, referenceId)))
      throw fieldError(
        'REFERENCE_CUSTOMER_NOT_FOUND',
        'reference_customer_id',
        'Reference customer not found',
      );
  };

  const checkAgent = async (agentId: number | null | undefined, selfId?: number) => {
    if (agentId === undefined || agentId === null) return;
    const agent = await findUserWithRoleById(db, agentId);
    if (!agent || agentId === selfId || normalizeRoleName(agent.role.name) !== 'agent')
      throw fieldError('AGENT_NOT_FOUND', 'agent_id', 'Assigned agent not found');
  };

  const translateConflict = (error: unknown): never => {
    if (pgErrorCode(error) === UNIQUE_VIOLATION) throw emailTaken();
    throw error;
  };

  return {
    /**
     * POST /users. An agent's customer is always role `user`, belongs to the agent, is active and has
     * a reference customer; without a password (the agent's form has none) it gets an unguessable one
     * and the customer sets their own through "forgot password".
     */
    async create(
      actor: AuthUser,
      input: TUserForm,
      files: UploadedFiles,
      audit: Actor,
    ): Promise<TManagedUser> {
      const byAgent = isAgent(actor);
      const role = byAgent ? await findRoleByName(db, 'user') : await roleFor(actor, input.role_id);
      if (!role) throw new Error('system role "user" is missing');
      if (await emailTakenByOther(db, input.email)) throw emailTaken();
      await checkReference(input.reference_customer_id);
      if (!byAgent) await checkAgent(input.agent_id);
      const passwordHash = await hashPassword(input.password ?? randomBytes(32).toString('base64url'));
      const created = await withUploads(storage, files, async (columns) => {
        const user = await db
          .transaction(async (tx) => {
            const row = await insertUser(tx, {
              name: input.name,
              email: input.email,
              mobile: input.mobile,
              address: input.address ?? null,
              passwordHash,
              roleId: role.id,
              isActive: byAgent ? true : (input.is_active ?? true),
              referenceCustomerId: input.reference_customer_id ?? null,
              agentId: byAgent ? actor.id : (input.agent_id ?? null),
              ...columns,
            });
            await writeAudit(tx, audit, {
              action: 'user_created',
              resourceType: 'user',
              resourceId: row.id,
              metadata: { role: role.name, agent_id: row.agentId, documents: Object.keys(files) },
            });
            return row;
          })
          .catch(translateConflict);
        return { result: user, replaced: [] };
      });
      return present(actor, created, role);
    },

    /** PUT /users/{id} (admins). A blank password keeps the current one; new documents replace old files. */
    async update(
      actor: AuthUser,
      id: number,
      input: TUserForm,
      files: UploadedFiles,
      audit: Actor,
    ): Promise<TManagedUser> {
      const found = await findUserWithRoleById(db, id);
      if (!found) throw notFound(USER_NOT_FOUND);
      assertMayManage(actor, found, 'edit');
      const role = await roleFor(actor, input.role_id);
      if (id === actor.id && role.id !== found.role.id)
        throw new AppError('CANNOT_CHANGE_OWN_ROLE', 'You cannot change your own role');
      if (id === actor.id && input.is_active === false)
        throw new AppError('CANNOT_DEACTIVATE_SELF', 'You cannot deactivate your own account');
      if (await emailTakenByOther(db, input.email, id)) throw emailTaken();
      await checkReference(input.reference_customer_id, id);
      await checkAgent(input.agent_id, id);
      const passwordHash = input.password === undefined ? undefined : await hashPassword(input.password);

      const changes: UserChanges = {
        name: input.name,
        email: input.email,
        mobile: input.mobile,
        roleId: role.id,
        ...(input.address !== undefined && { address: input.address }),
        ...(input.is_active !== undefined && { isActive: input.is_active }),
        ...(input.reference_customer_id !== undefined && {
          referenceCustomerId: input.reference_customer_id,
        }),
        ...(input.agent_id !== undefined && { agentId: input.agent_id }),
        ...(passwordHash && { passwordHash }),
        updatedAt: clock.now(),
      };
      const updated = await withUploads(storage, files, (columns) =>
        db
          .transaction(async (tx) => {
            const current = await lockUser(tx, id);
            if (!current) throw notFound(USER_NOT_FOUND);
            const replaced = (Object.keys(columns) as FileColumn[])
              .map((column) => current[column])
              .filter((key): key is string => Boolean(key));
            const uploadedFields = Object.keys(files);
            const row = await updateUser(tx, id, {
              ...changes,
              ...columns,
              ...(uploadedFields.length > 0 && {
                hiddenDocuments: unhide(current.hiddenDocuments, uploadedFields),
              }),
            });
            // A password set by an admin ends the user's sessions: whoever knew the old one is out.
            // Deactivation ends them for good: reactivating the account later revives none.
            if (passwordHash || input.is_active === false) await deactivateUserSessions(tx, id);
            await writeAudit(tx, audit, {
              action: 'user_updated',
              resourceType: 'user',
              resourceId: id,
              metadata: {
                changed: changedFields(current, changes),
                documents: Object.keys(files),
                password_changed: Boolean(passwordHash),
              },
            });
            return { result: row, replaced };
          })
          .catch(translateConflict),
      );
      return present(actor, updated, role);
    },
  };
};

const AUDITED_FIELDS: Partial<Record<keyof UserChanges, string>> = {
  name: 'name',
  email: 'email',
  mobile: 'mobile',
  roleId: 'role_id',
  address: 'address',
  isActive: 'is_active',
  referenceCustomerId: 'reference_customer_id',
  agentId: 'agent_id',
};

/** Names of the fields a change really alters (the audit says what changed, not the values). */
const changedFields = (current: UserRow, changes: UserChanges): string[] =>
  (Object.entries(AUDITED_FIELDS) as [keyof UserChanges & keyof UserRow, string][])
    .filter(([column]) => column in changes && changes[column] !== current[column])
    .map(([, name]) => name);

export type UserSaving = ReturnType<typeof createUserSaving>;
