import {
  administratorIdParams,
  administratorsResponse,
  administratorUpdated,
  adminLoginBody,
  adminLoginResponse,
  adminMe,
  changeRoleBody,
  createAdministratorBody,
  disableAdministratorBody,
  enrolmentFinishBody,
  enrolmentFinishResponse,
  enrolmentLinkResponse,
  enrolmentStartBody,
  enrolmentStartResponse,
} from '@vault/contract/schemas/admin-auth';
import { messageResponse } from '@vault/contract/schemas/common';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminCaller } from '../../http/auth.ts';
import { conflict, forbidden, notFound } from '../../http/errors.ts';
import { perHour, perMinute, responses } from '../../http/schema.ts';
import { type AdminAccountService, AdminCommandError } from './service.ts';

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

  administratorsRoutes(app, admins);
}

/** An owner may not take their own access away: the screen says so before anything changes. */
const notYourself = (what: string) => forbidden(`You cannot ${what} yourself: ask another owner.`);

/** The service's refusals (written for the command line) as the API's answers. */
async function answer<T>(work: () => Promise<T>, code: 'CONFLICT' | 'EMAIL_TAKEN' = 'CONFLICT'): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof AdminCommandError) throw conflict(error.message, code);
    throw error;
  }
}

/**
 * Administrators, for owners (`admins.manage`, issue 11 item 3): list, create (the one-time enrolment link is
 * answered to copy), change a role, a new enrolment link, disable (their sessions end). Each writes its audit
 * row in its transaction; a role change and a disabling require a reason.
 */
function administratorsRoutes(app: FastifyInstance, admins: AdminAccountService) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['back office'];
  const config = { auth: 'admin' as const, permission: 'admins.manage' as const };
  const iso = (d: Date | null) => (d ? d.toISOString() : null);
  const view = (a: Awaited<ReturnType<AdminAccountService['list']>>[number]) => ({
    ...a,
    enrolledAt: iso(a.enrolledAt),
    disabledAt: iso(a.disabledAt),
    createdAt: a.createdAt.toISOString(),
    lastSignInAt: iso(a.lastSignInAt),
  });
  const one = async (id: string) => {
    const found = (await admins.list()).find((a) => a.id === id);
    if (!found) throw notFound();
    return view(found);
  };
  const emailOf = async (id: string) => {
    const email = await admins.emailOf(id);
    if (!email) throw notFound();
    return email;
  };

  r.get(
    '/api/admin/administrators',
    {
      config,
      schema: {
        tags,
        summary: 'Every administrator, oldest first: role, enrolled, disabled, last sign-in',
        response: responses({ 200: administratorsResponse }),
      },
    },
    async () => ({ data: (await admins.list()).map(view) }),
  );

  r.post(
    '/api/admin/administrators',
    {
      config,
      schema: {
        tags,
        summary:
          'A new administrator: answers the one-time enrolment link (24 hours, single use) to give them; 409 for an e-mail in use',
        body: createAdministratorBody,
        response: responses({ 200: enrolmentLinkResponse }),
      },
    },
    async (req, reply) => {
      const { user } = adminCaller(req);
      const made = await answer(() => admins.create(req.body, user), 'EMAIL_TAKEN');
      return reply.header('cache-control', 'no-store').send({
        message: `Administrator ${made.email} created`,
        data: {
          id: made.id,
          email: made.email,
          role: made.role,
          link: made.link,
          expiresAt: made.expiresAt.toISOString(),
        },
      });
    },
  );

  r.post(
    '/api/admin/administrators/:id/role',
    {
      config,
      schema: {
        tags,
        summary: "Change another administrator's role (with a reason; never your own); counts from their next call",
        params: administratorIdParams,
        body: changeRoleBody,
        response: responses({ 200: administratorUpdated }),
      },
    },
    async (req) => {
      const { user } = adminCaller(req);
      if (req.params.id === user.id) throw notYourself('change the role of');
      await emailOf(req.params.id);
      const changed = await answer(() => admins.changeRole(req.params.id, req.body.role, req.body.reason, user));
      return { message: changed ? 'Role changed' : 'The role was already that', data: await one(req.params.id) };
    },
  );

  r.post(
    '/api/admin/administrators/:id/enrolment-link',
    {
      config,
      schema: {
        tags,
        summary:
          'A new one-time enrolment link for an administrator who has not enrolled yet (the last one stops working)',
        params: administratorIdParams,
        response: responses({ 200: enrolmentLinkResponse }),
      },
    },
    async (req, reply) => {
      const { user } = adminCaller(req);
      const email = await emailOf(req.params.id);
      const link = await answer(() => admins.newEnrolmentLink(email, user));
      const admin = await one(req.params.id);
      return reply.header('cache-control', 'no-store').send({
        message: 'New enrolment link made',
        data: { id: admin.id, email, role: admin.role, link: link.link, expiresAt: link.expiresAt.toISOString() },
      });
    },
  );

  r.post(
    '/api/admin/administrators/:id/disable',
    {
      config,
      schema: {
        tags,
        summary:
          'Disable an administrator (with a reason; never yourself): no sign-in from now on, their sessions end now',
        params: administratorIdParams,
        body: disableAdministratorBody,
        response: responses({ 200: administratorUpdated }),
      },
    },
    async (req) => {
      const { user } = adminCaller(req);
      if (req.params.id === user.id) throw notYourself('disable');
      const email = await emailOf(req.params.id);
      await answer(() => admins.disable(email, user, req.body.reason));
      return { message: 'Administrator disabled; their sessions have ended', data: await one(req.params.id) };
    },
  );
}
