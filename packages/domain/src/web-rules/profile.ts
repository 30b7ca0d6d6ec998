import { z } from 'zod';
import { messages } from '../schemas/common';
import { refineLocationPair, userFormMessages } from '../schemas/user-form';

/** Messages of the profile page. */
export const profileMessages = {
  passwordsMismatch: 'New passwords do not match',
  newPasswordMin: messages.newPasswordMin,
  currentPasswordRequired: messages.currentPasswordRequired,
} as const;

const NUMBER_TEXT = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

/** Optional coordinate typed as text: blank is "none", otherwise a number within [min, max]. */
const ZCoordinateText = (min: number, max: number, message: string) =>
  z
    .string()
    .trim()
    .refine((text) => text === '' || (NUMBER_TEXT.test(text) && Number(text) >= min && Number(text) <= max), {
      message,
    });

/** The profile's personal information and location form (email and mobile are read-only). */
export const ZProfileForm = z
  .object({
    name: z.string().trim().min(1, userFormMessages.nameRequired).max(100, userFormMessages.nameMax),
    address: z.string().max(500, userFormMessages.addressMax),
    latitude: ZCoordinateText(-90, 90, userFormMessages.latitudeRange),
    longitude: ZCoordinateText(-180, 180, userFormMessages.longitudeRange),
  })
  .superRefine((form, ctx) =>
    refineLocationPair(form.latitude.trim() !== '', form.longitude.trim() !== '', ctx),
  );
export type TProfileForm = z.input<typeof ZProfileForm>;

/** The profile's change-password form: new password at least 6 and typed twice the same. */
export const ZProfilePasswordForm = z
  .object({
    currentPassword: z.string().min(1, profileMessages.currentPasswordRequired),
    newPassword: z.string().min(6, profileMessages.newPasswordMin).max(128),
    confirmPassword: z.string(),
  })
  .refine((form) => form.newPassword === form.confirmPassword, {
    path: ['confirmPassword'],
    message: profileMessages.passwordsMismatch,
  });
export type TProfilePasswordForm = z.input<typeof ZProfilePasswordForm>;
