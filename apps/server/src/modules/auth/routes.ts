import {
  DOCUMENT_FIELDS,
  type DocumentField,
  REGISTRATION_FILE_TYPES,
  uploadMessages,
  ZAuthResponse,
  ZAuthUsersResponse,
  ZChangePasswordRequest,
  ZErrorResponse,
  ZForgotPasswordRequest,
  ZLoginRequest,
  ZMeResponse,
  ZMessageResponse,
  ZQuery,
  ZRegisterRequest,
  ZResetPasswordRequest,
  ZSearch,
} from '@lending/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { actorOf, currentUser } from '../../platform/access';
import type { AppDeps } from '../../platform/deps';
import { AppError, unauthenticated } from '../../platform/errors';
import { parseOr400 } from '../../platform/form-body';
import { errorResponses } from '../../platform/openapi';
import { type FileRule, readMultipart } from '../../platform/storage/multipart';
import { createRegistrationThrottle } from './registration-throttle';
import { createAuthService, type Device } from './service';

const errors = errorResponses(400, 401, 403, 429);

const MAIL_UNAVAILABLE =
  'Password reset by e-mail is not available: this server has no mail server configured. Ask an administrator to reset your password.';

const header = (request: FastifyRequest, name: string) => {
  const value = request.headers[name];
  return typeof value === 'string' && value.trim() ? value.trim().slice(0, 100) : undefined;
};

/** Device details come from X-Device-* headers (the field app) or the sign-in body. */
const deviceOf = (
  request: FastifyRequest,
  body: { device_type?: string; device_name?: string; device_id?: string } = {},
): Device => ({
  deviceType: header(request, 'x-device-type') ?? body.device_type,
  deviceName: header(request, 'x-device-name') ?? body.device_name,
  deviceId: header(request, 'x-device-id') ?? body.device_id,
});

const registrationFileRules = Object.fromEntries(
  DOCUMENT_FIELDS.map((field): [DocumentField, FileRule] => [
    field,
    {
      types: REGISTRATION_FILE_TYPES[field],
      tooLarge: uploadMessages.registrationTooLarge(field),
      wrongType:
        field === 'profile_pic'
          ? uploadMessages.notImage('Profile picture')
          : field === 'bank_check'
            ? 'Bank check must be an image or a PDF'
            : uploadMessages.jpegPngOnly,
    },
  ]),
);

export const authRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const auth = createAuthService(deps);
    const registrations = createRegistrationThrottle(deps.db, deps.clock, deps.registrationLimits);

    app.post(
      '/api/auth/login',
      {
        schema: {
          tags: ['auth'],
          summary: 'Sign in with e-mail and password',
          body: ZLoginRequest,
          response: { 200: ZAuthResponse, ...errors },
        },
        config: { access: { public: true } },
      },
      async (request) => auth.login(request.body, actorOf(request), deviceOf(request, request.body)),
    );

    app.post(
      '/api/auth/register',
      {
        schema: {
          tags: ['auth'],
          summary:
            'Create a borrower account (multipart: the registration fields and optional identity images)',
          consumes: ['multipart/form-data'],
          response: {
            200: ZAuthResponse,
            ...errors,
            409: ZErrorResponse,
            413: ZErrorResponse,
            415: ZErrorResponse,
          },
        },
        config: { access: { public: true } },
      },
      async (request) => {
        const ip = request.ip ?? 'unknown';
        await registrations.beforeRegistration(ip);
        const { fields, files } = await readMultipart(request, registrationFileRules);
        await registrations.afterUpload(
          ip,
          Object.values(files).reduce((sum, file) => sum + file.data.length, 0),
        );
        return auth.register(
          parseOr400(ZRegisterRequest, fields),
          files,
          actorOf(request),
          deviceOf(request),
        );
      },
    );

    app.get(
      '/api/auth/me',
      {
        schema: {
          tags: ['auth'],
          summary: 'The signed-in user',
          response: { 200: ZMeResponse, 401: ZErrorResponse },
        },
        config: { access: { scope: 'self' } },
      },
      async (request) => ({ user: await auth.me(currentUser(request)) }),
    );

    app.post(
      '/api/auth/logout',
      {
        schema: {
          tags: ['auth'],
          summary: 'End this session',
          response: { 200: ZMessageResponse, 401: ZErrorResponse },
        },
        config: { access: { scope: 'self' } },
      },
      async (request) => {
        if (!request.auth) throw unauthenticated();
        await auth.logout(request.auth.tokenId, actorOf(request));
        return { message: 'Logged out successfully' };
      },
    );

    app.post(
      '/api/auth/forgot-password',
      {
        schema: {
          tags: ['auth'],
          summary: 'Send a single-use reset link (same answer whether or not the account exists)',
          body: ZForgotPasswordRequest,
          response: { 200: ZMessageResponse, 400: ZErrorResponse, 429: ZErrorResponse, 503: ZErrorResponse },
        },
        config: { access: { public: true } },
      },
      async (request) => {
        // Without a way to send mail the link could never arrive: say so rather than pretend.
        if (deps.mailer.available === false) throw new AppError('MAIL_UNAVAILABLE', MAIL_UNAVAILABLE);
        await auth.requestPasswordReset(request.body.email, actorOf(request));
        return { message: 'If an account exists for that email, a password reset link has been sent.' };
      },
    );

    app.post(
      '/api/auth/reset-password',
      {
        schema: {
          tags: ['auth'],
          summary: 'Choose a new password with a reset token',
          body: ZResetPasswordRequest,
          response: { 200: ZMessageResponse, 400: ZErrorResponse, 429: ZErrorResponse },
        },
        config: { access: { public: true } },
      },
      async (request) => {
        await auth.resetPassword(request.body.token, request.body.newPassword, actorOf(request));
        return { message: 'Password has been reset successfully' };
      },
    );

    const changePassword = {
      schema: {
        tags: ['auth'],
        summary: "Change the signed-in user's password",
        body: ZChangePasswordRequest,
        response: { 200: ZMessageResponse, ...errors },
      },
      config: { access: { scope: 'self' } as const },
    };
    const handleChangePassword = async (
      request: FastifyRequest<{ Body: z.infer<typeof ZChangePasswordRequest> }>,
    ) => {
      if (!request.auth) throw unauthenticated();
      await auth.changePassword(request.auth.user, request.auth.tokenId, request.body, actorOf(request));
      return { message: 'Password changed successfully' };
    };
    app.patch('/api/users/me/password', changePassword, handleChangePassword);
    app.put('/api/users/change-password', changePassword, handleChangePassword);

    app.get(
      '/api/auth/users',
      {
        schema: {
          tags: ['auth'],
          summary:
            'Users for the reference-customer picker; anonymous callers must search (2+ characters) and see masked e-mails',
          querystring: ZQuery({ search: ZSearch }),
          response: { 200: ZAuthUsersResponse },
        },
        config: { access: { public: true } },
      },
      async (request) => ({
        users: await auth.pickerUsers(request.auth?.user ?? null, request.query.search),
      }),
    );
  };
