import { messages } from '@vault/contract/messages';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Authenticated, SessionService } from '../modules/auth/sessions.ts';
import { hasMembershipData } from '../modules/membership/service.ts';
import { AppError, forbidden, unauthorized } from './errors.ts';

/**
 * Who may call a route, stated where the route is declared:
 * public: anyone; member: a live access session; admin: a live access session of an administrator;
 * reset: the short-lived password-reset bearer and nothing else.
 * Checked on request, before the body is read: a stranger gets 401, never a validation answer.
 */
export type Access = 'public' | 'member' | 'admin' | 'reset';

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: Access;
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
  app.addHook('onRequest', async (request) => {
    const { config } = request.routeOptions;
    const access: Access = config.auth ?? 'member';
    if (access === 'public' || request.is404) return;
    const token = bearer(request);
    if (!token) throw unauthorized();
    const auth = await sessions.authenticate(token, access === 'reset' ? 'reset' : 'access');
    if (!auth) throw unauthorized();
    if (auth.user.isBlocked) throw unauthorized();
    if (access === 'admin' && auth.user.role !== 'admin') throw new AppError(403, 'FORBIDDEN', messages.forbidden);
    if (access === 'member' && !config.essential && auth.user.role !== 'admin') {
      if (await gates.maintenance()) throw new AppError(503, 'MAINTENANCE', messages.maintenance);
      if (auth.user.isImported) throw forbidden(messages.changePasswordFirst, 'PASSWORD_CHANGE_REQUIRED');
    }
    if (config.membership && !hasMembershipData(auth.user)) {
      throw new AppError(403, 'MEMBERSHIP_REQUIRED', messages.fillGpaFirst);
    }
    request.auth = auth;
  });
}

/** The caller of a route that is not public; the preHandler guarantees it is there. */
export function caller(request: FastifyRequest): Authenticated {
  if (!request.auth) throw unauthorized();
  return request.auth;
}
