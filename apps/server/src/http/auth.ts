import { messages } from '@vault/contract/messages';
import { PERMISSIONS, type Permission, roleMay } from '@vault/contract/schemas/admin-auth';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import type { Authenticated, AuthenticatedAdmin, SessionService } from '../modules/auth/sessions.ts';
import { hasMembershipData } from '../modules/membership/service.ts';
import { AppError, forbidden, unauthorized } from './errors.ts';

/**
 * Who may call a route, stated where the route is declared:
 * public: anyone; member: a live access session of a member (never an administrator's); admin: a live
 * back-office session (kind 'admin') of an enrolled, not disabled administrator whose role has the route's
 * `permission`; reset: the short-lived password-reset bearer and nothing else.
 * Checked on request, before the body is read: a stranger gets 401, never a validation answer.
 */
export type Access = 'public' | 'member' | 'admin' | 'reset';

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: Access;
    /**
     * Back-office routes (`auth: 'admin'`): what the administrator's role must allow (contract
     * schemas/admin-auth.ts PERMISSIONS). A back-office route that states none is the owner's alone.
     */
    permission?: Permission;
    /** The route serves screens behind the membership data gate (spec 1 §6): members without data get 403. */
    membership?: boolean;
    /**
     * What a signed-in member needs to know who they are and put their account right (user/info,
     * settings, change-password, logout): open during maintenance and to imported members who have not
     * changed their password yet. Every other member route is closed to them.
     */
    essential?: boolean;
  }
  interface FastifyRequest {
    auth: Authenticated | null;
  }
}

export function bearer(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ')) return null;
  return header.slice(7).trim() || null;
}

/**
 * Deny by default: a route that forgets to state its access is treated as member-only. Member routes are
 * gated here too, so no route can forget a gate: maintenance (503; administrators keep working) and the
 * password change an imported member owes (403), except the `essential` routes.
 */
export function registerAuth(
  app: FastifyInstance,
  sessions: SessionService,
  gates: { maintenance: () => Promise<boolean> },
) {
  app.decorateRequest('auth', null);
  const declared: RouteOptions[] = [];
  routesOf.set(app, declared);
  app.addHook('onRoute', (route) => {
    declared.push(route);
    // /api/docs says what each back-office route needs.
    if (route.config?.auth === 'admin' && route.schema) {
      const needs = route.config.permission;
      const line = needs
        ? `Back office: permission \`${needs}\` (${PERMISSIONS[needs]} and above).`
        : 'Back office: owners only.';
      route.schema.description = route.schema.description ? `${route.schema.description}\n\n${line}` : line;
    }
  });
  app.addHook('onRequest', async (request) => {
    const { config } = request.routeOptions;
    const access: Access = config.auth ?? 'member';
    if (access === 'public' || request.is404) return;
    const token = bearer(request);
    if (!token) throw unauthorized();
    if (access === 'admin') {
      request.auth = await administrator(sessions, token, config.permission);
      return;
    }
    const auth = await sessions.authenticate(token, access === 'reset' ? 'reset' : 'access');
    if (!auth) throw unauthorized();
    if (auth.user.isBlocked) throw unauthorized();
    // Administrators are not members: an administrator's account never passes here (their back-office
    // sessions are of another kind, and the member login refuses them; this also ends older sessions).
    if (auth.user.role === 'admin') throw unauthorized();
    if (access === 'member' && !config.essential) {
      if (await gates.maintenance()) throw new AppError(503, 'MAINTENANCE', messages.maintenance);
      if (auth.user.isImported) throw forbidden(messages.changePasswordFirst, 'PASSWORD_CHANGE_REQUIRED');
    }
    if (config.membership && !hasMembershipData(auth.user)) {
      throw new AppError(403, 'MEMBERSHIP_REQUIRED', messages.fillGpaFirst);
    }
    request.auth = auth;
  });
}

/**
 * The caller of an `auth: 'admin'` route: a back-office session whose administrator's role has
 * `permission` (none stated: owners only). A member's live session gets 403 (signed in, not allowed, as
 * DESIGN.md says); anything else 401.
 */
async function administrator(
  sessions: SessionService,
  token: string,
  permission: Permission | undefined,
): Promise<AuthenticatedAdmin> {
  const auth = await sessions.authenticateAdmin(token);
  if (!auth || auth.user.isBlocked) {
    const member = auth ? null : await sessions.authenticate(token, 'access');
    if (member && !member.user.isBlocked && member.user.role !== 'admin') throw forbidden();
    throw unauthorized();
  }
  const allowed = permission ? roleMay(auth.admin.role, permission) : auth.admin.role === 'owner';
  if (!allowed) throw forbidden();
  return auth;
}

/** Every route registered after `registerAuth`, with its access as finally declared (tests read it). */
const routesOf = new WeakMap<FastifyInstance, RouteOptions[]>();
export function declaredRoutes(app: FastifyInstance) {
  return (routesOf.get(app) ?? []).map((route) => ({
    method: route.method,
    url: route.url,
    auth: (route.config?.auth ?? 'member') as Access,
    permission: route.config?.permission,
  }));
}

/** The caller of a route that is not public; the preHandler guarantees it is there. */
export function caller(request: FastifyRequest): Authenticated {
  if (!request.auth) throw unauthorized();
  return request.auth;
}

/** The caller of an `auth: 'admin'` route, with their role. */
export function adminCaller(request: FastifyRequest): AuthenticatedAdmin {
  const auth = caller(request);
  if (!auth.admin) throw unauthorized();
  return auth as AuthenticatedAdmin;
}
