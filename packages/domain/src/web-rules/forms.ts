import { z } from 'zod';
import { ZNewPassword } from '../schemas/auth';
import { messages, ZEmail } from '../schemas/common';

/** The reset-password screen: a new password typed twice. */
export const ZResetPasswordForm = z
  .object({
    newPassword: ZNewPassword,
    confirmPassword: z.string({ error: messages.confirmRequired }).min(1, messages.confirmRequired),
  })
  .refine((form) => form.confirmPassword === form.newPassword, {
    message: messages.passwordsMismatch,
    path: ['confirmPassword'],
  });
export type TResetPasswordForm = z.input<typeof ZResetPasswordForm>;

/** The forgot-password screen: one e-mail address. */
export const ZForgotPasswordForm = z.object({ email: ZEmail });
export type TForgotPasswordForm = z.input<typeof ZForgotPasswordForm>;
