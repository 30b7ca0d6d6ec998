import {
  type DocumentField,
  PICKER_SEARCH_LIMIT,
  PICKER_SEARCH_MIN_CHARS,
  pickerViewFor,
  REGISTRATION_FILE_TYPES,
  type TChangePasswordRequest,
  type TLoginRequest,
  type TPublicUser,
  type TRegisterRequest,
} from '@lending/domain';
import type { Executor } from '../../db/client';
import type { AuthUser } from '../../platform/access';
import { type Actor, writeAudit } from '../../platform/audit';
import {
  deactivateSession,
  deactivateUserSessions,
  insertSession,
} from '../../platform/auth/session-repository';
import { pgErrorCode, UNIQUE_VIOLATION } from '../../platform/db-errors';
import type { AppDeps } from '../../platform/deps';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../../platform/passwords';
import type { UploadedFile } from '../../platform/storage/multipart';
import { newOpaqueToken, sha256 } from '../../platform/tokens';
import { findRoleByName } from '../roles';
import {
  emailExists,
  findUserWithRoleByEmail,
  findUserWithRoleById,
  insertUser,
  searchUserSummaries,
  toOwnUser,
  toUserSummary,
  updatePasswordHash,
  userExists,
  withUploads,
} from '../users';
import { consumeResetToken, insertResetToken, revokeResetTokens } from './repository';
import { createResetThrottle } from './reset-throttle';

export type Device = { deviceType?: string; deviceName?: string; deviceId?: string };

const INVALID_CREDENTIALS = 'Invalid email or password';
const RESET_TTL_MS = 60 * 60_000;

export const createAuthService = (deps: AppDeps) => {
  const { db, clock, signer } = deps;
  const resets = createResetThrottle(db, clock);
  const present = (user: Parameters<typeof toOwnUser>[0], role: Parameters<typeof toOwnUser>[1]) =>
    toOwnUser(user, role, signer, clock.now().getTime());

  const issueToken = async (executor: Executor, userId: number, actor: Actor, device: Device) => {
    const token = newOpaqueToken();
    const now = clock.now();
    await insertSession(executor, {
      userId,
      accessTokenHash: sha256(token),
      deviceType: device.deviceType ?? 'web',
      deviceName: device.deviceName ?? null,
      deviceId: device.deviceId ?? null,
      ipAddress: actor.ip,
      userAgent: actor.userAgent,
      createdAt: now,
      lastUsedAt: now,
      expiresAt: new Date(now.getTime() + deps.tokenTtlHours * 3_600_000),
    });
    return token;
  };

  return {
    async login(input: TLoginRequest, actor: Actor, device: Device) {
      await deps.throttle.beforeAttempt(input.email, actor.ip);
      const found = await findUserWithRoleByEmail(db, input.email);
      if (!found) {
        await verifyAgainstDummy(input.password);
        await deps.throttle.onFailure(input.email, actor.ip);
        throw new AppError('INVALID_CREDENTIALS', INVALID_CREDENTIALS);
      }
      if (!(await verifyPassword(found.user.passwordHash, input.password))) {
        await deps.throttle.onFailure(input.email, actor.ip);
        await writeAudit(
          db,
          { ...actor, userId: found.user.id },
          { action: 'login_failed', resourceType: 'user', resourceId: found.user.id },
        );
        throw new AppError('INVALID_CREDENTIALS', INVALID_CREDENTIALS);
      }
      // Only after the password is right do we say the account is inactive: no account probing.
      if (!found.user.isActive)
        throw new AppError('ACCOUNT_INACTIVE', 'Your account is inactive. Please contact the administrator.');
      await deps.throttle.onSuccess(input.email);
      const token = await db.transaction(async (tx) => {
        const issued = await issueToken(tx, found.user.id, actor, device);
        await writeAudit(
          tx,
          { ...actor, userId: found.user.id },
          {
            action: 'login',
            resourceType: 'user',
            resourceId: found.user.id,
            metadata: { device_type: device.deviceType ?? 'web' },
          },
        );
        return issued;
      });
      return { token, user: present(found.user, found.role) };
    },

    async register(
      input: TRegisterRequest,
      files: Partial<Record<DocumentField, UploadedFile>>,
      actor: Actor,
      device: Device,
    ) {
      if (await emailExists(db, input.email)) {
        throw new AppError('EMAIL_TAKEN', 'A user with this email already exists', {
          errors: [{ param: 'email', msg: 'A user with this email already exists' }],
        });
      }
      if (input.reference_customer_id !== undefined && !(await userExists(db, input.reference_customer_id))) {
        throw badRequest('REFERENCE_CUSTOMER_NOT_FOUND', 'Reference customer not found', [
          { param: 'reference_customer_id', msg: 'Reference customer not found' },
        ]);
      }
      const role = await findRoleByName(db, 'user');
      if (!role) throw new Error('system role "user" is missing');
      for (const [field, file] of Object.entries(files)) {
        if (file && !REGISTRATION_FILE_TYPES[field as DocumentField].includes(file.type))
          throw badRequest('DOCUMENT_TYPE_NOT_ALLOWED', `Unsupported file for ${field}`);
      }
      const passwordHash = await hashPassword(input.password);
      // Files are written before the transaction and removed again if it fails: no orphan rows, no orphan files.
      try {
        return await withUploads(deps.storage, files, (columns) =>
          db.transaction(async (tx) => {
            const user = await insertUser(tx, {
              name: input.name,
              email: input.email,
              mobile: input.mobile,
              address: input.address,
              passwordHash,
              roleId: role.id,
              referenceCustomerId: input.reference_customer_id ?? null,
              ...columns,
            });
            const token = await issueToken(tx, user.id, actor, device);
            const audited = { ...actor, userId: user.id };
            await writeAudit(tx, audited, {
              action: 'user_registered',
              resourceType: 'user',
              resourceId: user.id,
              metadata: { documents: Object.keys(files) },
            });
            return { result: { token, user: present(user, role) }, replaced: [] };
          }),
        );
      } catch (error) {
        if (pgErrorCode(error) === UNIQUE_VIOLATION)
          throw conflict('EMAIL_TAKEN', 'A user with this email already exists');
        throw error;
      }
    },

    async me(user: AuthUser): Promise<TPublicUser> {
      const found = await findUserWithRoleById(db, user.id);
      if (!found) throw notFound('User not found');
      return present(found.user, found.role);
    },

    async logout(tokenId: number, actor: Actor) {
      await db.transaction(async (tx) => {
        await deactivateSession(tx, tokenId);
        await writeAudit(tx, actor, { action: 'logout', resourceType: 'user', resourceId: actor.userId });
      });
    },

    /**
     * Mails a reset link; a new one ends the older ones. The same work is done whether or not the
     * address belongs to an active account (a transaction with the same statements, the mail
     * handed over without waiting for it), so neither the answer nor its timing tells. Past the
     * hour's mails for an e-mail address (`reset-throttle.ts`) the answer is the same and nothing
     * is sent, the last link staying valid.
     */
    async requestPasswordReset(email: string, actor: Actor) {
      const mayMail = await resets.beforeRequest(email, actor.ip);
      const found = await findUserWithRoleByEmail(db, email);
      const user = found?.user.isActive ? found.user : null;
      const mailTo = mayMail ? user : null;
      const token = newOpaqueToken();
      const now = clock.now();
      await db.transaction(async (tx) => {
        await revokeResetTokens(tx, mailTo?.id ?? 0, now);
        if (mailTo)
          await insertResetToken(tx, {
            userId: mailTo.id,
            tokenHash: sha256(token),
            expiresAt: new Date(now.getTime() + RESET_TTL_MS),
          });
        await writeAudit(
          tx,
          { ...actor, userId: user?.id ?? null },
          user
            ? {
                action: 'password_reset_requested',
                resourceType: 'user',
                resourceId: user.id,
                ...(!mayMail && { metadata: { mailed: false, reason: 'hourly limit' } }),
              }
            : { action: 'password_reset_requested_unknown', resourceType: 'user' },
        );
      });
      if (!mailTo) return;
      // Not awaited: an SMTP round trip would make a known address answer slower. The mailer logs failures.
      deps.mailer
        .send({
          to: mailTo.email,
          subject: 'Reset your password',
          text: `Open ${deps.publicUrl}/reset-password?token=${token} within 60 minutes to choose a new password.`,
        })
        .catch(() => undefined);
    },

    async resetPassword(token: string, newPassword: string, actor: Actor) {
      await resets.beforeReset(actor.ip);
      const passwordHash = await hashPassword(newPassword);
      await db.transaction(async (tx) => {
        const userId = await consumeResetToken(tx, sha256(token), clock.now());
        if (userId === null)
          throw badRequest('RESET_TOKEN_INVALID', 'Invalid or expired reset token', [
            { param: 'token', msg: 'Invalid or expired reset token' },
          ]);
        await updatePasswordHash(tx, userId, passwordHash, clock.now());
        await revokeResetTokens(tx, userId, clock.now());
        // A reset means the old password may be known to someone else: end every session.
        await deactivateUserSessions(tx, userId);
        await writeAudit(
          tx,
          { ...actor, userId },
          { action: 'user_password_reset', resourceType: 'user', resourceId: userId },
        );
      });
    },

    async changePassword(user: AuthUser, tokenId: number, input: TChangePasswordRequest, actor: Actor) {
      const found = await findUserWithRoleById(db, user.id);
      if (!found) throw notFound('User not found');
      if (!(await verifyPassword(found.user.passwordHash, input.currentPassword))) {
        throw badRequest('CURRENT_PASSWORD_INCORRECT', 'Current password is incorrect', [
          { param: 'currentPassword', msg: 'Current password is incorrect' },
        ]);
      }
      const passwordHash = await hashPassword(input.newPassword);
      await db.transaction(async (tx) => {
        await updatePasswordHash(tx, user.id, passwordHash, clock.now());
        await revokeResetTokens(tx, user.id, clock.now());
        await deactivateUserSessions(tx, user.id, tokenId);
        await writeAudit(tx, actor, {
          action: 'user_password_changed',
          resourceType: 'user',
          resourceId: user.id,
        });
      });
    },

    /**
     * Users for the reference picker. Staff browse it; everyone else (the public registration page,
     * borrowers, agents) must search, sees at most 20 matches and masked e-mails, so the customer
     * list cannot be scraped.
     */
    async pickerUsers(caller: AuthUser | null, search: string | undefined) {
      const term = search?.trim() ?? '';
      if (pickerViewFor(caller) === 'staff')
        return searchUserSummaries(db, { search: term || undefined, limit: 1000 });
      if (term.length < PICKER_SEARCH_MIN_CHARS) return [];
      const found = await searchUserSummaries(db, { search: term, limit: PICKER_SEARCH_LIMIT });
      return found.map((user) => toUserSummary(user, caller));
    },
  };
};

export type AuthService = ReturnType<typeof createAuthService>;
