import { z } from 'zod';
import {
  ADDRESS_MAX,
  MAX_DB_ID,
  messages,
  NAME_MAX,
  PASSWORD_MAX,
  PASSWORD_MIN,
  ZEmail,
  ZPassword,
  ZRequiredText,
} from './common';
import { ZText } from './primitives';
import { ZPublicUser, ZUserSummary } from './users';

/** Optional device description a client may send with sign-in (headers take precedence). */
export const ZDeviceInfo = z.object({
  device_type: ZText('device_type').trim().max(50).optional(),
  device_name: ZText('device_name').trim().max(100).optional(),
  device_id: ZText('device_id').trim().max(100).optional(),
});

/** POST /auth/login */
export const ZLoginRequest = z
  .object({
    email: ZEmail,
    password: z
      .string({ error: messages.passwordRequired })
      .min(1, messages.passwordRequired)
      .max(PASSWORD_MAX),
  })
  .extend(ZDeviceInfo.shape);
export type TLoginRequest = z.infer<typeof ZLoginRequest>;

/** The sign-in form: the request plus the length rule it checks on blur. */
export const ZLoginForm = z.object({ email: ZEmail, password: ZPassword });
export type TLoginForm = z.input<typeof ZLoginForm>;

/** A 10-digit mobile number as registration requires it. */
export const ZRegistrationMobile = ZText('mobile', { error: messages.mobileRequired })
  .trim()
  .min(1, messages.mobileRequired)
  .regex(/^\d{10}$/, messages.mobileTenDigits);

/** Optional reference customer id from a form field ('' means none). */
export const ZOptionalUserId = z.preprocess(
  (value) => (value === '' || value === null || value === 'null' ? undefined : value),
  z.coerce
    .number({ error: 'Invalid reference customer' })
    .int()
    .positive('Invalid reference customer')
    .max(MAX_DB_ID, 'Invalid reference customer')
    .optional(),
);

const registrationFields = {
  name: ZRequiredText('name', messages.nameRequired, NAME_MAX, `Name must be at most ${NAME_MAX} characters`),
  email: ZEmail,
  mobile: ZRegistrationMobile,
  address: ZRequiredText(
    'address',
    messages.addressRequired,
    ADDRESS_MAX,
    `Address must be at most ${ADDRESS_MAX} characters`,
  ),
  reference_customer_id: ZOptionalUserId,
  password: ZPassword,
};

/** The text fields of POST /auth/register (multipart); confirmPassword is checked when sent. */
export const ZRegisterRequest = z
  .object({ ...registrationFields, confirmPassword: z.string().optional() })
  .refine((form) => form.confirmPassword === undefined || form.confirmPassword === form.password, {
    message: messages.passwordsMismatch,
    path: ['confirmPassword'],
  });
export type TRegisterRequest = z.infer<typeof ZRegisterRequest>;

/** The registration form, where confirming the password is required. */
export const ZRegisterForm = z
  .object({
    ...registrationFields,
    confirmPassword: z.string({ error: messages.confirmRequired }).min(1, messages.confirmRequired),
  })
  .refine((form) => form.confirmPassword === form.password, {
    message: messages.passwordsMismatch,
    path: ['confirmPassword'],
  });

/** Answer of sign-in and registration. */
export const ZAuthResponse = z.object({ token: z.string(), user: ZPublicUser });
export type TAuthResponse = z.infer<typeof ZAuthResponse>;

/** GET /auth/me */
export const ZMeResponse = z.object({ user: ZPublicUser });

/** GET /auth/users: the reference-customer picker's list. */
export const ZAuthUsersResponse = z.object({ users: z.array(ZUserSummary) });

/** A new password with the profile page's wording. */
export const ZNewPassword = z
  .string({ error: messages.newPasswordMin })
  .min(PASSWORD_MIN, messages.newPasswordMin)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`);

/** PATCH /users/me/password and PUT /users/change-password */
export const ZChangePasswordRequest = z.object({
  currentPassword: z
    .string({ error: messages.currentPasswordRequired })
    .min(1, messages.currentPasswordRequired),
  newPassword: ZNewPassword,
});
export type TChangePasswordRequest = z.infer<typeof ZChangePasswordRequest>;

/** POST /auth/forgot-password */
export const ZForgotPasswordRequest = z.object({ email: ZEmail });

/** POST /auth/reset-password */
export const ZResetPasswordRequest = z.object({
  token: ZText('token', { error: messages.tokenRequired }).trim().min(1, messages.tokenRequired).max(200),
  newPassword: ZNewPassword,
});
export type TResetPasswordRequest = z.infer<typeof ZResetPasswordRequest>;
