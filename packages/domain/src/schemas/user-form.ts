import { z } from 'zod';
import { DOCUMENT_FIELDS, type DocumentField } from '../files/uploads';
import {
  ADDRESS_MAX,
  EMAIL_MAX,
  EMAIL_PATTERN,
  listQueryFields,
  MAX_DB_ID,
  NAME_MAX,
  PASSWORD_MAX,
  PASSWORD_MIN,
  ZQuery,
  ZRequiredText,
} from './common';
import { ZText } from './primitives';
import { ZPublicUser } from './users';

/** Messages of the users-management form and the profile page. */
export const userFormMessages = {
  nameRequired: 'Name is required',
  nameMin: 'Name must be at least 2 characters',
  nameMax: `Name must be at most ${NAME_MAX} characters`,
  emailRequired: 'Email is required',
  emailInvalid: 'Invalid email address',
  passwordRequiredForNew: 'Password is required for new users',
  passwordMin: 'Password must be at least 6 characters',
  passwordMax: `Password must be at most ${PASSWORD_MAX} characters`,
  roleRequired: 'Role is required',
  roleInvalid: 'Invalid role',
  mobileRequired: 'Mobile is required',
  mobileInvalid: 'Invalid mobile number',
  addressMax: `Address must be at most ${ADDRESS_MAX} characters`,
  referenceRequired: 'Reference customer is required',
  referenceInvalid: 'Invalid reference customer',
  agentInvalid: 'Invalid agent',
  activeInvalid: 'Active must be true or false',
  fixErrors: 'Please fix the errors in the form',
  emailUnchangeable: 'Email cannot be changed for security reasons',
  mobileUnchangeable: 'Mobile cannot be changed for security reasons',
  latitudeRange: 'Latitude must be between -90 and 90',
  longitudeRange: 'Longitude must be between -180 and 180',
  accuracyRange: 'Location accuracy must be 0 or more',
  locationPair: 'Latitude and longitude must be given together',
  locationEnabledInvalid: 'Location enabled must be true or false',
  documentFieldInvalid: 'Unknown document field',
} as const;

/** Latitude and longitude come together: the one missing from a pair is refused (locationPair). */
export const refineLocationPair = (hasLatitude: boolean, hasLongitude: boolean, ctx: z.RefinementCtx) => {
  if (hasLatitude && !hasLongitude)
    ctx.addIssue({ code: 'custom', path: ['longitude'], message: userFormMessages.locationPair });
  if (hasLongitude && !hasLatitude)
    ctx.addIssue({ code: 'custom', path: ['latitude'], message: userFormMessages.locationPair });
};

/** The users form's mobile rule: 10 digits starting 6, 7, 8 or 9. */
export const USER_MOBILE_PATTERN = /^[6-9]\d{9}$/;

const NUMBER_TEXT = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

/** Form values arrive as text (multipart) or as JSON values; '' and 'null' mean "none". */
const formNumber = (value: unknown): unknown => {
  if (typeof value !== 'string') return value;
  const text = value.trim();
  if (text === '' || text === 'null') return null;
  return NUMBER_TEXT.test(text) ? Number(text) : value;
};

const formBoolean = (value: unknown): unknown => {
  if (typeof value !== 'string') return value;
  const text = value.trim().toLowerCase();
  if (['true', '1', 'on', 'yes'].includes(text)) return true;
  if (['false', '0', 'off', 'no'].includes(text)) return false;
  return value;
};

/** An optional id: absent stays absent (keep), '' or null means none, anything else must be a positive integer. */
const ZFormId = (message: string) =>
  z.preprocess(
    formNumber,
    z.number({ error: message }).int(message).positive(message).max(MAX_DB_ID, message).nullable().optional(),
  );

const ZFormBoolean = (message: string) => z.preprocess(formBoolean, z.boolean({ error: message }).optional());

/** Optional free text: absent stays absent, blank becomes null. */
const ZOptionalText = (label: string, max: number, message: string) =>
  z.preprocess(
    (value) => (typeof value === 'string' ? value.trim() || null : value),
    ZText(label).max(max, message).nullable().optional(),
  );

const ZUserName = ZText('name', { error: userFormMessages.nameRequired })
  .trim()
  .min(1, { error: userFormMessages.nameRequired, abort: true })
  .min(2, userFormMessages.nameMin)
  .max(NAME_MAX, userFormMessages.nameMax);

const ZUserEmail = ZText('email', { error: userFormMessages.emailRequired })
  .trim()
  .min(1, { error: userFormMessages.emailRequired, abort: true })
  .max(EMAIL_MAX, userFormMessages.emailInvalid)
  .regex(EMAIL_PATTERN, userFormMessages.emailInvalid)
  .transform((email) => email.toLowerCase());

const ZUserMobile = ZText('mobile', { error: userFormMessages.mobileRequired })
  .trim()
  .min(1, { error: userFormMessages.mobileRequired, abort: true })
  .regex(USER_MOBILE_PATTERN, userFormMessages.mobileInvalid);

/** Blank means "not given" (on edit: keep the current password). Never trimmed. */
const ZOptionalPassword = z.preprocess(
  (value) => (value === '' || value === null ? undefined : value),
  z
    .string()
    .min(PASSWORD_MIN, userFormMessages.passwordMin)
    .max(PASSWORD_MAX, userFormMessages.passwordMax)
    .optional(),
);

/**
 * The text fields of the users form (POST /users and PUT /users/{id}). On edit, optional fields that
 * are absent keep their value; `address`, `reference_customer_id` and `agent_id` sent blank are cleared.
 */
export const ZUserFormFields = z.object({
  name: ZUserName,
  email: ZUserEmail,
  password: ZOptionalPassword,
  role_id: ZFormId(userFormMessages.roleInvalid),
  is_active: ZFormBoolean(userFormMessages.activeInvalid),
  mobile: ZUserMobile,
  address: ZOptionalText('address', ADDRESS_MAX, userFormMessages.addressMax),
  reference_customer_id: ZFormId(userFormMessages.referenceInvalid),
  /** The agent a customer is assigned to (admins only; ignored when an agent creates a customer). */
  agent_id: ZFormId(userFormMessages.agentInvalid),
});

export type UserFormContext = { mode: 'create' | 'edit'; actorIsAgent: boolean };

/** The users form with the rules that depend on who fills it and whether the user is new. */
export const userFormSchema = ({ mode, actorIsAgent }: UserFormContext) =>
  ZUserFormFields.superRefine((form, ctx) => {
    if (mode === 'create' && !actorIsAgent && form.password === undefined)
      ctx.addIssue({ code: 'custom', path: ['password'], message: userFormMessages.passwordRequiredForNew });
    if (!actorIsAgent && (form.role_id === undefined || form.role_id === null))
      ctx.addIssue({ code: 'custom', path: ['role_id'], message: userFormMessages.roleRequired });
    if (
      actorIsAgent &&
      mode === 'create' &&
      (form.reference_customer_id === undefined || form.reference_customer_id === null)
    )
      ctx.addIssue({
        code: 'custom',
        path: ['reference_customer_id'],
        message: userFormMessages.referenceRequired,
      });
  });
export type TUserFormInput = z.input<typeof ZUserFormFields>;
export type TUserForm = z.output<typeof ZUserFormFields>;

const ZCoordinate = (min: number, max: number, message: string) =>
  z.preprocess(
    formNumber,
    z.number({ error: message }).min(min, message).max(max, message).nullable().optional(),
  );

/** A stored document in a profile update: a string keeps it, null (or '' in a form) removes it. */
const ZDocumentValue = z.preprocess(
  (value) => (value === '' || value === 'null' ? null : value),
  ZText('document').max(2000).nullable().optional(),
);

const documentShape = Object.fromEntries(DOCUMENT_FIELDS.map((field) => [field, ZDocumentValue])) as Record<
  DocumentField,
  typeof ZDocumentValue
>;

/**
 * PUT /users/profile/me (multipart or JSON). Absent fields keep their value. `email` and
 * `mobile` are accepted only to be compared with the stored ones: they cannot change.
 */
export const ZProfileUpdate = z
  .object({
    name: ZRequiredText('name', userFormMessages.nameRequired, NAME_MAX, userFormMessages.nameMax).optional(),
    email: ZText('email').max(EMAIL_MAX).nullable().optional(),
    mobile: ZText('mobile').max(50).nullable().optional(),
    address: ZOptionalText('address', ADDRESS_MAX, userFormMessages.addressMax),
    latitude: ZCoordinate(-90, 90, userFormMessages.latitudeRange),
    longitude: ZCoordinate(-180, 180, userFormMessages.longitudeRange),
    location_accuracy: ZCoordinate(0, Number.MAX_SAFE_INTEGER, userFormMessages.accuracyRange),
    location_enabled: ZFormBoolean(userFormMessages.locationEnabledInvalid),
    ...documentShape,
  })
  .superRefine((form, ctx) =>
    refineLocationPair(
      form.latitude !== undefined && form.latitude !== null,
      form.longitude !== undefined && form.longitude !== null,
      ctx,
    ),
  );
export type TProfileUpdateInput = z.input<typeof ZProfileUpdate>;
export type TProfileUpdate = z.output<typeof ZProfileUpdate>;

/** DELETE /users/{id}/image */
export const ZDeleteImageRequest = z.object({
  field: z.enum(DOCUMENT_FIELDS, { error: userFormMessages.documentFieldInvalid }),
});

/**
 * The reference customer shown in the Reference User Details modal. Outside the viewer's scope (an
 * agent's view of a reference from another book) only the id and name are filled; the position only
 * for a superadmin.
 */
export const ZReferenceCustomer = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string().nullable(),
  mobile: z.string().nullable(),
  address: z.string().nullable(),
  profile_pic: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
});
export type TReferenceCustomer = z.infer<typeof ZReferenceCustomer>;

/** A user as the users-management calls answer it: the public user plus their reference customer. */
export const ZManagedUser = ZPublicUser.extend({
  reference_customer: ZReferenceCustomer.nullable(),
  /** Documents the user deleted from their profile: kept for staff and the audit until an admin purges them. */
  hidden_by_owner: z.array(z.enum(DOCUMENT_FIELDS)),
});
export type TManagedUser = z.infer<typeof ZManagedUser>;

/** GET /users query: 12 a page; `role` compares names ignoring case and spaces. */
export const ZUsersQuery = ZQuery({
  ...listQueryFields(12),
  role: ZText('role').trim().max(50, 'role must be at most 50 characters').optional(),
});
export type TUsersQuery = z.infer<typeof ZUsersQuery>;

/** GET /users */
export const ZUsersPage = z.object({
  users: z.array(ZManagedUser),
  total: z.number(),
  totalPages: z.number(),
});
export type TUsersPage = z.infer<typeof ZUsersPage>;

/** GET /users/list/visible */
export const ZVisibleUsers = z.object({ users: z.array(ZManagedUser) });

/** POST, PUT /users, image and QR calls: a message and the user as saved. */
export const ZUserSaved = z.object({ message: z.string(), user: ZManagedUser });
export type TUserSaved = z.infer<typeof ZUserSaved>;

/** GET /users/location/{id} */
export const ZUserLocation = z.object({
  user: z.object({
    latitude: z.number().nullable(),
    longitude: z.number().nullable(),
    location_enabled: z.boolean(),
    location_updated_at: z.string().nullable(),
    location_accuracy: z.number().nullable(),
  }),
});
export type TUserLocation = z.infer<typeof ZUserLocation>;

/**
 * GET /users/profile/me: the profile fields themselves at the top level (name, email, mobile, ...,
 * agent_qr_code_url, Role), not wrapped; for role user, `agent_qr_code_url` is their agent's QR code.
 */
export const ZProfileResponse = ZPublicUser;

/** PUT /users/profile/me */
export const ZProfileSaved = z.object({ message: z.string(), user: ZPublicUser });
