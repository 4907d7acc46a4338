import type { UserInfo } from '@vault/contract/schemas/user';
import type { User } from '../auth/sessions.ts';

type Json = Record<string, unknown> | null;

/** The member as the client sees it (spec 1 §3 user info); never the hash or internal flags. */
export function toUserInfo(user: User): UserInfo {
  return {
    _id: user.id,
    name: user.name,
    email: user.email,
    profilePicture: user.profilePicture,
    isImported: user.isImported,
    isBlocked: user.isBlocked,
    blockReason: user.blockReason,
    sdira: user.type === 'sdira',
    type: user.role === 'admin' ? 'admin' : user.type,
    isWalletActivated: user.isWalletActivated,
    isSubscriber: user.isSubscriber,
    isCoinqvestCustomer: user.isCoinqvestCustomer,
    savedFormData: user.savedFormData as Json,
    kyc: user.kyc as Json,
    sign: user.sign,
    createdAt: user.createdAt.toISOString(),
  };
}

export const gpaDataOf = (user: User) => (user.gpaData as Json) ?? null;
