import { DOCUMENT_FIELDS, type TProfileUpdate, type TPublicUser, userFormMessages } from '@lending/domain';
import type { UserRow } from '../../db/schema';
import type { AuthUser } from '../../platform/access';
import { type Actor, writeAudit } from '../../platform/audit';
import type { AppDeps } from '../../platform/deps';
import { badRequest, notFound } from '../../platform/errors';
import {
  FILE_COLUMNS,
  type FileColumnChanges,
  findUserWithRoleById,
  lockUser,
  toOwnUser,
  type UploadedFiles,
  type UserChanges,
  type UserWithRole,
  unhide,
  updateUser,
  withUploads,
} from '../users';

const unchangeable = (code: 'EMAIL_UNCHANGEABLE' | 'MOBILE_UNCHANGEABLE', param: string, message: string) =>
  badRequest(code, message, [{ param, msg: message }]);

/** Sent e-mail or mobile must equal the stored one (blank means "not sent"): they cannot change here. */
const assertUnchanged = (user: UserRow, input: TProfileUpdate) => {
  const email = input.email?.trim();
  if (email && email.toLowerCase() !== user.email.toLowerCase())
    throw unchangeable('EMAIL_UNCHANGEABLE', 'email', userFormMessages.emailUnchangeable);
  const mobile = input.mobile?.trim();
  if (mobile && mobile !== (user.mobile ?? ''))
    throw unchangeable('MOBILE_UNCHANGEABLE', 'mobile', userFormMessages.mobileUnchangeable);
};

/**
 * Location through the profile: a new position (or a cleared one) stamps location_updated_at; sending
 * coordinates turns sharing on unless location_enabled says otherwise.
 */
const locationChanges = (user: UserRow, input: TProfileUpdate, now: Date): UserChanges => {
  const changes: UserChanges = {};
  const { latitude, longitude, location_accuracy: accuracy, location_enabled: enabled } = input;
  if (latitude !== undefined && longitude !== undefined) {
    const moved =
      latitude !== user.latitude ||
      longitude !== user.longitude ||
      (accuracy !== undefined && accuracy !== user.locationAccuracy);
    if (moved) {
      changes.latitude = latitude;
      changes.longitude = longitude;
      changes.locationAccuracy = latitude === null ? null : (accuracy ?? null);
      changes.locationUpdatedAt = now;
      changes.locationEnabled = enabled ?? latitude !== null;
    }
  } else if (accuracy !== undefined) {
    changes.locationAccuracy = accuracy;
  }
  if (enabled !== undefined) changes.locationEnabled = enabled;
  return changes;
};

/** The signed-in person's own profile. */
export const createProfileService = (deps: AppDeps) => {
  const { db, clock, signer, storage } = deps;

  /** For role user the QR shown is their agent's; everyone else sees their own. */
  const present = async ({ user, role }: UserWithRole): Promise<TPublicUser> => {
    const nowMs = clock.now().getTime();
    const profile = toOwnUser(user, role, signer, nowMs);
    if (profile.role !== 'user') return profile;
    const agent = user.agentId ? await findUserWithRoleById(db, user.agentId) : null;
    const qr = agent?.user.agentQrCode;
    return { ...profile, agent_qr_code_url: qr ? signer.sign(qr, nowMs) : null };
  };

  const load = async (actor: AuthUser) => {
    const found = await findUserWithRoleById(db, actor.id);
    if (!found) throw notFound('User not found');
    return found;
  };

  return {
    async get(actor: AuthUser) {
      return present(await load(actor));
    },

    /** Name, address, location and documents (kept, replaced by a new file, or removed by null / ''). */
    async update(actor: AuthUser, input: TProfileUpdate, files: UploadedFiles, audit: Actor) {
      const found = await load(actor);
      assertUnchanged(found.user, input);
      const now = clock.now();
      const row = await withUploads(storage, files, (uploaded) =>
        db.transaction(async (tx) => {
          const current = await lockUser(tx, actor.id);
          if (!current) throw notFound('User not found');
          // Deleting one's own document hides it from oneself; the file stays for staff and the
          // audit until an admin purges it (DELETE /users/{id}/image).
          const hidden = DOCUMENT_FIELDS.filter(
            (field) =>
              input[field] === null &&
              !files[field] &&
              current[FILE_COLUMNS[field]] &&
              !current.hiddenDocuments.includes(field),
          );
          const hiddenDocuments = [...unhide(current.hiddenDocuments, Object.keys(files)), ...hidden];
          const location = locationChanges(current, input, now);
          const changes: UserChanges = {
            ...(input.name !== undefined && { name: input.name }),
            ...(input.address !== undefined && { address: input.address }),
            ...location,
            ...uploaded,
            hiddenDocuments,
            updatedAt: now,
          };
          const replaced = (Object.keys(uploaded) as (keyof FileColumnChanges)[])
            .map((column) => current[column])
            .filter((key): key is string => Boolean(key));
          const updated = await updateUser(tx, actor.id, changes);
          await writeAudit(tx, audit, {
            action: 'profile_updated',
            resourceType: 'user',
            resourceId: actor.id,
            metadata: {
              fields: ['name', 'address'].filter((name) => input[name as 'name' | 'address'] !== undefined),
              documents_replaced: Object.keys(files),
              documents_hidden: hidden,
              location_updated: 'locationUpdatedAt' in location,
            },
          });
          return { result: updated, replaced };
        }),
      );
      return {
        message: 'Profile updated successfully',
        user: await present({ user: row, role: found.role }),
      };
    },
  };
};
