import {
  DOCUMENT_FIELDS,
  type DocumentField,
  maskEmail,
  normalizeRoleName,
  pickerViewFor,
  type ScopeCaller,
  type TManagedUser,
  type TPublicUser,
  type TReferenceCustomer,
  type TUserSummary,
  userViewFor,
} from '@lending/domain';
import type { Executor } from '../../db/client';
import type { UrlSigner } from '../../platform/storage/signed-urls';
import { FILE_COLUMNS } from './documents';
import { findUsersByIds, type RoleRow, type UserRow, type UserWithRole } from './repository';

/**
 * The one place a user becomes an answer. What the viewer may see of them is the domain's rule
 * (`userViewFor`): a position only for the user themselves and superadmins, contact details of a
 * reference only within the viewer's scope.
 */
export type Presentation = { signer: UrlSigner; nowMs: number; viewer: ScopeCaller };

const locationOf = (user: UserRow, shown: boolean) => ({
  latitude: shown ? user.latitude : null,
  longitude: shown ? user.longitude : null,
  location_updated_at: shown ? (user.locationUpdatedAt?.toISOString() ?? null) : null,
  location_accuracy: shown ? user.locationAccuracy : null,
});

/** A user as the API answers it: no password hash, documents as short-lived signed URLs. */
export const toPublicUser = (
  user: UserRow,
  role: RoleRow,
  { signer, nowMs, viewer }: Presentation,
): TPublicUser => {
  const url = (key: string | null) => (key ? signer.sign(key, nowMs) : null);
  // What the owner deleted from their profile is gone for them; staff still see it (`hidden_by_owner`).
  const own = viewer.id === user.id;
  const document = (field: DocumentField) =>
    own && user.hiddenDocuments.includes(field) ? null : url(user[FILE_COLUMNS[field]]);
  const { latitude, longitude, location_updated_at, location_accuracy } = locationOf(
    user,
    userViewFor(viewer, user).location,
  );
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
    profile_pic: document('profile_pic'),
    adhaar_card: document('adhaar_card'),
    voter_card: document('voter_card'),
    pan_card: document('pan_card'),
    bank_check: document('bank_check'),
    agent_qr_code_url: url(user.agentQrCode),
    reference_customer_id: user.referenceCustomerId,
    agent_id: user.agentId,
    latitude,
    longitude,
    location_enabled: user.locationEnabled,
    location_updated_at,
    location_accuracy,
    created_at: user.createdAt.toISOString(),
  };
};

/** The signed-in user as sign-in, registration, /auth/me and the profile answer them: all of themselves. */
export const toOwnUser = (user: UserRow, role: RoleRow, signer: UrlSigner, nowMs: number): TPublicUser =>
  toPublicUser(user, role, { signer, nowMs, viewer: { id: user.id, role: role.name } });

/** The reference customer as the Reference User Details modal shows them; outside the viewer's scope a name only. */
export const toReferenceCustomer = (
  user: UserRow,
  { signer, nowMs, viewer }: Presentation,
): TReferenceCustomer => {
  const view = userViewFor(viewer, user);
  const { latitude, longitude } = locationOf(user, view.location);
  return {
    id: user.id,
    name: user.name,
    email: view.contact ? user.email : null,
    mobile: view.contact ? user.mobile : null,
    address: view.contact ? user.address : null,
    profile_pic: view.contact && user.profilePic ? signer.sign(user.profilePic, nowMs) : null,
    latitude,
    longitude,
  };
};

/** A picker entry: full e-mails for staff, masked for everyone else (`pickerViewFor`). */
export const toUserSummary = (summary: TUserSummary, viewer: ScopeCaller | null): TUserSummary =>
  pickerViewFor(viewer) === 'staff' ? summary : { ...summary, email: maskEmail(summary.email) };

/** Users with their reference customers, loaded in one query for the whole list. */
export const presentManagedUsers = async (
  db: Executor,
  presentation: Presentation,
  rows: readonly UserWithRole[],
): Promise<TManagedUser[]> => {
  const referenceIds = [
    ...new Set(rows.map((row) => row.user.referenceCustomerId).filter((id) => id !== null)),
  ];
  const references = new Map((await findUsersByIds(db, referenceIds)).map((user) => [user.id, user]));
  return rows.map(({ user, role }) => {
    const reference = user.referenceCustomerId ? references.get(user.referenceCustomerId) : undefined;
    return {
      ...toPublicUser(user, role, presentation),
      hidden_by_owner: DOCUMENT_FIELDS.filter((field) => user.hiddenDocuments.includes(field)),
      reference_customer: reference ? toReferenceCustomer(reference, presentation) : null,
    };
  });
};

export const presentManagedUser = async (
  db: Executor,
  presentation: Presentation,
  row: UserWithRole,
): Promise<TManagedUser> => {
  const [presented] = await presentManagedUsers(db, presentation, [row]);
  if (!presented) throw new Error('presenting a user answered nothing');
  return presented;
};
