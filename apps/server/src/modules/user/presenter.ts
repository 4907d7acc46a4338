import type { UserInfo } from '@vault/contract/schemas/user';
import type { User } from '../auth/sessions.ts';
import { signedFileUrl } from '../storage/file-urls.ts';

type Json = Record<string, unknown> | null;

/**
 * A form as its member is shown it: the signature (stored as its stable path) as a URL their browser can
 * load, signed fresh for them. The wizard hands that URL back; the server reduces it to the path again.
 */
export function withSignedSignature<T extends Json>(form: T, viewerId: string): T {
  if (!form || typeof form.signatureUrl !== 'string') return form;
  return { ...form, signatureUrl: signedFileUrl(form.signatureUrl, viewerId) };
}

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
    savedFormData: withSignedSignature(user.savedFormData as Json, user.id),
    kyc: user.kyc as Json,
    sign: user.sign && signedFileUrl(user.sign, user.id),
    createdAt: user.createdAt.toISOString(),
  };
}

export const gpaDataOf = (user: User) => withSignedSignature((user.gpaData as Json) ?? null, user.id);
