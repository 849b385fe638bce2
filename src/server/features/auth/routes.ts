import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AUTH_MESSAGES,
  changePasswordBody,
  changePasswordResponse,
  detailResponse,
  forgotPasswordBody,
  profileBody,
  registerBody,
  resetPasswordBody,
  tokenBody,
  tokenResponse,
  userSchema,
  verifyEmailBody,
} from '../../../shared/api/auth.ts';
import { clientAddress } from '../../client-address.ts';
import type { Config } from '../../config.ts';
import { bearerToken } from '../../plugins/authenticate.ts';
import { type AuthService, toUser, VERIFY_LIMIT_KEY } from './service.ts';
import { acceptFormData, formDataFields } from './sign-in-form.ts';
import type { SignInLimits } from './sign-in-limits.ts';

const bodyField = (request: { body: unknown }, field: string): string | undefined => {
  const value = (request.body as Record<string, unknown> | undefined)?.[field];
  return typeof value === 'string' ? value : undefined;
};

export async function authRoutes(
  app: FastifyInstance,
  { auth, config, signInLimits }: { auth: AuthService; config: Config; signInLimits: SignInLimits },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ip = clientAddress;
  await acceptFormData(app);

  r.post(
    '/register',
    {
      schema: { body: registerBody, response: { 201: userSchema } },
      preHandler: app.limitBy([
        { name: 'signup:ip', max: config.SIGNUP_LIMIT_PER_IP, windowMinutes: 60, key: ip },
      ]),
    },
    async (request, reply) => {
      const user = await auth.register(request.body);
      return reply.status(201).send(user);
    },
  );

  r.post(
    '/token',
    { schema: { body: tokenBody, response: { 200: tokenResponse } }, preValidation: formDataFields },
    async (request) => {
      // Only failures count (sign-in-limits.ts): the attempt is counted now and taken back if correct.
      const attempt = await signInLimits.begin(request.body.username, clientAddress(request));
      const accessToken = await auth.signIn(request.body.username, request.body.password);
      await signInLimits.succeeded(attempt);
      return { access_token: accessToken, token_type: 'bearer' as const };
    },
  );

  r.post(
    '/forgot-password',
    {
      schema: { body: forgotPasswordBody, response: { 200: detailResponse } },
      preHandler: app.limitBy([
        {
          name: 'forgot:ip',
          max: config.FORGOT_LIMIT_PER_IP,
          windowMinutes: config.RECOVERY_WINDOW_MINUTES,
          key: ip,
        },
        {
          name: 'forgot:account',
          max: config.FORGOT_LIMIT_PER_ACCOUNT,
          windowMinutes: config.RECOVERY_WINDOW_MINUTES,
          key: (request) => bodyField(request, 'email'),
        },
      ]),
    },
    async (request) => {
      await auth.forgotPassword(request.body.email);
      return { detail: AUTH_MESSAGES.forgotAccepted };
    },
  );

  r.post(
    '/reset-password',
    {
      schema: { body: resetPasswordBody, response: { 200: detailResponse } },
      preHandler: app.limitBy([
        {
          name: 'reset:ip',
          max: config.RESET_LIMIT_PER_IP,
          windowMinutes: config.RECOVERY_WINDOW_MINUTES,
          key: ip,
        },
        {
          name: 'reset:token',
          max: config.RESET_LIMIT_PER_ACCOUNT,
          windowMinutes: config.RECOVERY_WINDOW_MINUTES,
          key: (request) => {
            const token = bodyField(request, 'token');
            return token ? auth.resetTokenKey(token) : undefined;
          },
        },
      ]),
    },
    async (request) => {
      await auth.resetPassword(request.body.token, request.body.new_password);
      return { detail: AUTH_MESSAGES.resetDone };
    },
  );
}

/** The signed-in account's own routes, inside the signed-in scope (authentication is its hook). */
export async function accountRoutes(
  app: FastifyInstance,
  { auth, config, signInLimits }: { auth: AuthService; config: Config; signInLimits: SignInLimits },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/me', { schema: { response: { 200: userSchema } } }, async (request) => toUser(request.user));

  r.put('/profile', { schema: { body: profileBody, response: { 200: userSchema } } }, (request) =>
    auth.updateProfile(request.user, request.body),
  );

  // A verification link confirms only for the account it was made for, signed in (the scope's hook
  // answers 401 without a bearer): following it proves the inbox, the bearer proves the account
  // (docs/decisions/007). The page asks to sign in first.
  r.post(
    '/verify-email',
    {
      schema: { body: verifyEmailBody, response: { 200: detailResponse } },
      // Guessing links is limited like guessing reset links.
      preHandler: app.limitBy([
        {
          name: 'verify:ip',
          max: config.RESET_LIMIT_PER_IP,
          windowMinutes: config.RECOVERY_WINDOW_MINUTES,
          key: clientAddress,
        },
      ]),
    },
    async (request) => {
      await auth.verifyEmail(request.user, request.body.token);
      return { detail: AUTH_MESSAGES.emailVerified };
    },
  );

  r.post(
    '/resend-verification',
    {
      schema: { response: { 200: detailResponse } },
      preHandler: app.limitBy([
        {
          name: VERIFY_LIMIT_KEY,
          max: config.VERIFY_EMAIL_LIMIT_PER_ACCOUNT,
          windowMinutes: 60,
          key: (request) => String(request.user.id),
        },
      ]),
    },
    async (request) => ({
      detail: AUTH_MESSAGES.verificationSent(await auth.resendVerification(request.user)),
    }),
  );

  r.put(
    '/change-password',
    {
      schema: { body: changePasswordBody, response: { 200: changePasswordResponse } },
    },
    async (request) => {
      // Wrong current passwords are limited like failed sign-ins (sign-in-limits.ts): a session token
      // is no way to guess the password at full speed. A correct one is taken back.
      const attempt = await signInLimits.beginPasswordCheck(request.user.id, clientAddress(request));
      const accessToken = await auth.changePassword(
        request.user,
        bearerToken(request) ?? '',
        request.body.current_password,
        request.body.new_password,
      );
      await signInLimits.succeeded(attempt);
      return {
        detail: AUTH_MESSAGES.passwordChanged,
        access_token: accessToken,
        token_type: 'bearer' as const,
      };
    },
  );
}
