import { messageResponse } from '@vault/contract/schemas/common';
import { editUserBody, updateProfilePictureBody, userInfo, userInfoResponse } from '@vault/contract/schemas/user';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { caller } from '../../http/auth.ts';
import { responses } from '../../http/schema.ts';
import { gpaDataOf, toUserInfo } from './presenter.ts';
import type { UserService } from './service.ts';

const withUser = z.object({ message: z.string(), data: userInfo });

export function userRoutes(app: FastifyInstance, users: UserService) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['user'];
  const config = { auth: 'member' as const };

  r.get(
    '/api/user/info',
    { config: { ...config, essential: true }, schema: { tags, response: responses({ 200: userInfoResponse }) } },
    async (req) => {
      const { user } = caller(req);
      return { user: toUserInfo(user), gpaData: gpaDataOf(user) };
    },
  );

  r.post(
    '/api/user/edit',
    { config, schema: { tags, body: editUserBody, response: responses({ 200: withUser }) } },
    (req) => users.rename(caller(req).user, req.body.name),
  );

  r.post(
    '/api/user/update-profile-picture',
    { config, schema: { tags, body: updateProfilePictureBody, response: responses({ 200: withUser }) } },
    (req) => users.setProfilePicture(caller(req).user, req.body.profilePicture),
  );

  r.post(
    '/api/user/delete-account',
    { config, schema: { tags, response: responses({ 200: messageResponse }) } },
    (req) => users.deleteAccount(caller(req).user),
  );
}
