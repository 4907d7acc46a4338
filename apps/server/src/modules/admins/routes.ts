import {
  adminLoginBody,
  adminLoginResponse,
  adminMe,
  enrolmentFinishBody,
  enrolmentFinishResponse,
  enrolmentStartBody,
  enrolmentStartResponse,
} from '@vault/contract/schemas/admin-auth';
import { messageResponse } from '@vault/contract/schemas/common';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminCaller } from '../../http/auth.ts';
import { perHour, perMinute, responses } from '../../http/schema.ts';
import type { AdminAccountService } from './service.ts';

const client = (req: FastifyRequest) => ({ ip: req.ip, userAgent: req.headers['user-agent'] });

/** The administrators' sign-in at /admin: enrolment, sign-in, who am I, sign-out. */
export function adminAuthRoutes(app: FastifyInstance, admins: AdminAccountService) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin'];
  // Enrolment links are 256-bit random: the per-IP limit only keeps the calls cheap. Sign-in has the
  // login throttle (per account, per IP, per pair) like the members' login, plus this.
  const enrolment = { auth: 'public' as const, rateLimit: perHour(30) };

  r.post(
    '/api/admin/auth/enrol/start',
    {
      config: enrolment,
      schema: {
        tags,
        summary: 'The TOTP secret to scan for an enrolment link (the same one until enrolment is finished)',
        body: enrolmentStartBody,
        response: responses({ 200: enrolmentStartResponse }),
      },
    },
    async (req, reply) => reply.header('cache-control', 'no-store').send(await admins.startEnrolment(req.body.token)),
  );

  r.post(
    '/api/admin/auth/enrol/finish',
    {
      config: enrolment,
      schema: {
        tags,
        summary: 'Name, password and a code of the scanned secret: enrols, signs in, shows the recovery codes once',
        body: enrolmentFinishBody,
        response: responses({ 200: enrolmentFinishResponse }),
      },
    },
    async (req, reply) =>
      reply.header('cache-control', 'no-store').send(await admins.finishEnrolment(req.body, client(req))),
  );

  r.post(
    '/api/admin/auth/login',
    {
      config: { auth: 'public', rateLimit: perMinute(30) },
      schema: {
        tags,
        summary: 'E-mail, password and the authenticator code or a recovery code (spent)',
        body: adminLoginBody,
        response: responses({ 200: adminLoginResponse }),
      },
    },
    async (req) => admins.login(req.body, client(req)),
  );

  r.get(
    '/api/admin/auth/me',
    {
      config: { auth: 'admin', permission: 'account.self' },
      schema: { tags, summary: 'The signed-in administrator', response: responses({ 200: adminMe }) },
    },
    async (req) => {
      const { user, admin } = adminCaller(req);
      return admins.me(user, admin.role);
    },
  );

  r.post(
    '/api/admin/auth/logout',
    {
      config: { auth: 'admin', permission: 'account.self' },
      schema: { tags, summary: 'Ends this back-office session', response: responses({ 200: messageResponse }) },
    },
    async (req) => {
      const { user, sessionId } = adminCaller(req);
      return admins.logout(user, sessionId);
    },
  );
}
