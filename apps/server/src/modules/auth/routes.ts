import { LIMITS } from '@vault/contract/constants';
import { messages } from '@vault/contract/messages';
import {
  altchaChallenge,
  changePasswordBody,
  createNewPasswordBody,
  emailBody,
  loginBody,
  logoutBody,
  registerBody,
  verifyPinBody,
} from '@vault/contract/schemas/auth';
import { messageResponse } from '@vault/contract/schemas/common';
import { loginResponse } from '@vault/contract/schemas/user';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { caller } from '../../http/auth.ts';
import { perHour, perMinute, responses } from '../../http/schema.ts';
import type { AuthService } from './service.ts';
import type { SessionService } from './sessions.ts';

const client = (req: FastifyRequest) => ({ ip: req.ip, userAgent: req.headers['user-agent'] });

export function authRoutes(app: FastifyInstance, auth: AuthService, sessions: SessionService) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['auth'];

  r.get(
    '/api/auth/altcha-challenge',
    {
      config: { auth: 'public', rateLimit: perMinute(30) },
      schema: {
        tags,
        summary: 'A signed ALTCHA proof-of-work challenge for the sign-up form',
        response: responses({ 200: altchaChallenge }),
      },
    },
    async (_req, reply) => reply.header('cache-control', 'no-store').send(await auth.challenge()),
  );

  r.post(
    '/api/auth/register',
    {
      config: { auth: 'public', rateLimit: perHour(LIMITS.signUpsPerIpPerHour) },
      schema: { tags, body: registerBody, response: responses({ 201: messageResponse }) },
    },
    async (req, reply) => reply.status(201).send(await auth.register(req.body)),
  );

  r.get(
    '/api/auth/verify-email',
    {
      config: { auth: 'public', rateLimit: perMinute(30) },
      schema: {
        tags,
        summary: 'The link in the verification e-mail; redirects to the site',
        querystring: z.object({ token: z.string().max(200).default('') }),
      },
    },
    async (req, reply) => reply.redirect(`/?verified=${(await auth.verifyEmail(req.query.token)) ? 1 : 0}`),
  );

  r.post(
    '/api/auth/resend-verification',
    {
      config: { auth: 'public', rateLimit: perHour(LIMITS.signUpsPerIpPerHour) },
      schema: { tags, body: emailBody, response: responses({ 200: messageResponse }) },
    },
    async (req) => auth.resendVerification(req.body.email),
  );

  r.post(
    '/api/auth/login',
    { config: { auth: 'public' }, schema: { tags, body: loginBody, response: responses({ 200: loginResponse }) } },
    async (req) => auth.login(req.body, client(req)),
  );

  r.post(
    '/api/auth/forgot-password',
    {
      config: { auth: 'public', rateLimit: perHour(20) },
      schema: { tags, body: emailBody, response: responses({ 200: messageResponse }) },
    },
    async (req) => auth.forgotPassword(req.body.email),
  );

  r.post(
    '/api/auth/verify-pin',
    {
      config: { auth: 'public', rateLimit: perHour(30) },
      schema: {
        tags,
        body: verifyPinBody,
        response: responses({ 200: z.object({ status: z.boolean(), message: z.string(), authToken: z.string() }) }),
      },
    },
    async (req) => auth.verifyPin(req.body.email, req.body.code, client(req)),
  );

  r.post(
    '/api/auth/create-new-password',
    {
      config: { auth: 'reset' },
      schema: {
        tags,
        summary: 'Bearer: the reset token from verify-pin (single use)',
        body: createNewPasswordBody,
        response: responses({ 200: messageResponse }),
      },
    },
    async (req) => {
      const { user, sessionId } = caller(req);
      return auth.createNewPassword(user, sessionId, req.body.password);
    },
  );

  r.post(
    '/api/auth/change-password',
    {
      config: { auth: 'member', essential: true },
      schema: { tags, body: changePasswordBody, response: responses({ 200: messageResponse }) },
    },
    async (req) => auth.changePassword(caller(req).user, req.body, client(req)),
  );

  r.post(
    '/api/user/logout/v2',
    {
      config: { auth: 'member', essential: true },
      schema: { tags, body: logoutBody, response: responses({ 200: messageResponse }) },
    },
    async (req) => {
      await sessions.revoke(caller(req).sessionId);
      return { message: messages.loggedOut };
    },
  );
}
