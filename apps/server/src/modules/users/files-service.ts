import { DOCUMENT_LABELS, type DocumentField, type TUserSaved } from '@lending/domain';
import type { AuthUser } from '../../platform/access';
import { type Actor, writeAudit } from '../../platform/audit';
import type { AppDeps } from '../../platform/deps';
import { AppError, badRequest, notFound } from '../../platform/errors';
import type { UploadedFile } from '../../platform/storage/multipart';
import { FILE_COLUMNS, removeFiles, type StoredFileField, unhide, withUploads } from './documents';
import { assertMayManage, mayCarryQr, USER_NOT_FOUND } from './policy';
import { presentManagedUser } from './presenter';
import { findUserWithRoleById, lockUser, type UserWithRole, updateUser } from './repository';

/** One stored file of a user at a time: removing a document, setting or removing the agent QR code. */
export const createUserFiles = (deps: AppDeps) => {
  const { db, clock, signer, storage } = deps;

  const manageable = async (actor: AuthUser, id: number): Promise<UserWithRole> => {
    const found = await findUserWithRoleById(db, id);
    if (!found) throw notFound(USER_NOT_FOUND);
    assertMayManage(actor, found, 'edit');
    return found;
  };

  const answer = async (viewer: AuthUser, message: string, found: UserWithRole): Promise<TUserSaved> => {
    const user = await presentManagedUser(db, { signer, nowMs: clock.now().getTime(), viewer }, found);
    return { message, user };
  };

  /** Clears one file column in a transaction, then deletes the file; 404 when there is none. */
  const removeFile = async (id: number, field: StoredFileField, action: string, audit: Actor) => {
    const label = DOCUMENT_LABELS[field];
    const column = FILE_COLUMNS[field];
    const { row, key } = await db.transaction(async (tx) => {
      const current = await lockUser(tx, id);
      if (!current) throw notFound(USER_NOT_FOUND);
      const stored = current[column];
      if (!stored) throw new AppError('FILE_NOT_FOUND', `${label} not found`);
      const updated = await updateUser(tx, id, {
        [column]: null,
        hiddenDocuments: unhide(current.hiddenDocuments, [field]),
        updatedAt: clock.now(),
      });
      await writeAudit(tx, audit, { action, resourceType: 'user', resourceId: id, metadata: { field } });
      return { row: updated, key: stored };
    });
    await removeFiles(storage, [key]);
    return { row, message: `${label} deleted successfully` };
  };

  return {
    /** DELETE /users/{id}/image {field} */
    async deleteDocument(actor: AuthUser, id: number, field: DocumentField, audit: Actor) {
      const found = await manageable(actor, id);
      const { row, message } = await removeFile(id, field, 'user_image_deleted', audit);
      return answer(actor, message, { user: row, role: found.role });
    },

    /** PATCH /users/{id}/agent-qr: only agents, admins and superadmins carry a payment QR code. */
    async setAgentQr(actor: AuthUser, id: number, file: UploadedFile | undefined, audit: Actor) {
      const found = await manageable(actor, id);
      if (!mayCarryQr(found.role))
        throw new AppError(
          'AGENT_QR_NOT_ALLOWED',
          'Only agents, admins and superadmins can have an agent QR code',
        );
      if (!file)
        throw badRequest('FILE_REQUIRED', 'Agent QR code file is required', [
          { param: 'agent_qr_code', msg: 'Agent QR code file is required' },
        ]);
      const row = await withUploads(storage, { agent_qr_code: file }, (columns) =>
        db.transaction(async (tx) => {
          const current = await lockUser(tx, id);
          if (!current) throw notFound(USER_NOT_FOUND);
          const updated = await updateUser(tx, id, { ...columns, updatedAt: clock.now() });
          await writeAudit(tx, audit, {
            action: 'user_agent_qr_updated',
            resourceType: 'user',
            resourceId: id,
          });
          return { result: updated, replaced: current.agentQrCode ? [current.agentQrCode] : [] };
        }),
      );
      return answer(actor, 'Agent QR code updated successfully', { user: row, role: found.role });
    },

    /** DELETE /users/{id}/agent-qr */
    async deleteAgentQr(actor: AuthUser, id: number, audit: Actor) {
      const found = await manageable(actor, id);
      const { row, message } = await removeFile(id, 'agent_qr_code', 'user_agent_qr_deleted', audit);
      return answer(actor, message, { user: row, role: found.role });
    },
  };
};
