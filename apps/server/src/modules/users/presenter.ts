import {
  normalizeRoleName,
  type TManagedUser,
  type TPublicUser,
  type TReferenceCustomer,
} from '@lending/domain';
import type { Executor } from '../../db/client';
import type { UrlSigner } from '../../platform/storage/signed-urls';
import { findUsersByIds, type RoleRow, type UserRow, type UserWithRole } from './repository';

/** A user as the API answers it: no password hash, documents as short-lived signed URLs. */
export const toPublicUser = (user: UserRow, role: RoleRow, signer: UrlSigner, nowMs: number): TPublicUser => {
  const url = (key: string | null) => (key ? signer.sign(key, nowMs) : null);
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    mobile: user.mobile,
    address: user.address,
    role: normalizeRoleName(role.name),
    role_id: role.id,
    Role: { id: role.id, name: role.name, permissions: role.isActive ? role.permissions : [] },
    is_active: user.isActive,
    profile_pic: url(user.profilePic),
    adhaar_card: url(user.adhaarCard),
    voter_card: url(user.voterCard),
    pan_card: url(user.panCard),
    bank_check: url(user.bankCheck),
    agent_qr_code_url: url(user.agentQrCode),
    reference_customer_id: user.referenceCustomerId,
    agent_id: user.agentId,
    latitude: user.latitude,
    longitude: user.longitude,
    location_enabled: user.locationEnabled,
    location_updated_at: user.locationUpdatedAt?.toISOString() ?? null,
    location_accuracy: user.locationAccuracy,
    created_at: user.createdAt.toISOString(),
  };
};

/** The reference customer as the Reference User Details modal shows them. */
export const toReferenceCustomer = (user: UserRow, signer: UrlSigner, nowMs: number): TReferenceCustomer => ({
  id: user.id,
  name: user.name,
  email: user.email,
  mobile: user.mobile,
  address: user.address,
  profile_pic: user.profilePic ? signer.sign(user.profilePic, nowMs) : null,
  latitude: user.latitude,
  longitude: user.longitude,
});

/** Users with their reference customers, loaded in one query for the whole list. */
export const presentManagedUsers = async (
  db: Executor,
  signer: UrlSigner,
  nowMs: number,
  rows: readonly UserWithRole[],
): Promise<TManagedUser[]> => {
  const referenceIds = [
    ...new Set(rows.map((row) => row.user.referenceCustomerId).filter((id) => id !== null)),
  ];
  const references = new Map((await findUsersByIds(db, referenceIds)).map((user) => [user.id, user]));
  return rows.map(({ user, role }) => {
    const reference = user.referenceCustomerId ? references.get(user.referenceCustomerId) : undefined;
    return {
      ...toPublicUser(user, role, signer, nowMs),
      reference_customer: reference ? toReferenceCustomer(reference, signer, nowMs) : null,
    };
  });
};

export const presentManagedUser = async (
  db: Executor,
  signer: UrlSigner,
  nowMs: number,
  row: UserWithRole,
): Promise<TManagedUser> => {
  const [presented] = await presentManagedUsers(db, signer, nowMs, [row]);
  if (!presented) throw new Error('presenting a user answered nothing');
  return presented;
};
