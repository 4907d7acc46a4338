import { messages } from '@vault/contract/messages';
import type { MembershipDraft, MembershipForm } from '@vault/contract/schemas/membership';
import type { Context } from '../../context.ts';
import { badRequest } from '../../http/errors.ts';
import type { User } from '../auth/sessions.ts';
import { saveMembershipDraft, saveMembershipForm } from '../members/accounts.ts';
import type { StorageService } from '../storage/service.ts';
import { withSignedSignature } from '../user/presenter.ts';

/** Whether the member has given membership data in any form (spec 1 §6 "Membership data gate"). */
export const hasMembershipData = (user: Pick<User, 'savedFormData' | 'kyc' | 'gpaData'>) =>
  Boolean(user.savedFormData || user.kyc || user.gpaData);

/**
 * The membership application. Drafts (each Next, and Save & Exit) keep whatever was typed and the step
 * to resume at in savedFormData; the submitted form, checked whole with the same schema as the wizard,
 * becomes gpaData.
 */
export function membershipService(ctx: Context, storage: StorageService) {
  const { db } = ctx;

  /** The stored path of a signature this member uploaded as a signature (now in use), or 400. */
  async function ownSignature(me: User, url: string) {
    const stored = await storage.use(me.id, url, 'signature');
    if (!stored)
      throw badRequest(messages.uploadSignature, 'SIGNATURE_REQUIRED', { signatureUrl: messages.uploadSignature });
    return stored;
  }

  return {
    async saveDraft(me: User, draft: MembershipDraft) {
      const form = { ...draft.form };
      // A draft keeps the signature's stored path (the wizard sends the signed URL it was shown), and only
      // the member's own: a draft is shown back signed, so it must never name someone else's file.
      if (typeof form.signatureUrl === 'string' && form.signatureUrl !== '')
        form.signatureUrl = await ownSignature(me, form.signatureUrl);
      const savedFormData = { ...form, step: draft.step, updatedAt: new Date().toISOString() };
      await saveMembershipDraft(db, me.id, savedFormData);
      return { message: messages.draftSaved, data: withSignedSignature(savedFormData, me.id) };
    },

    async submit(me: User, form: MembershipForm) {
      const signatureUrl = await ownSignature(me, form.signatureUrl);
      const submittedAt = new Date().toISOString();
      const gpaData = {
        _id: me.id,
        ...form,
        signatureUrl,
        displayName: `${form.name.firstName} ${form.name.lastName}`,
        submittedAt,
      };
      await saveMembershipForm(db, me.id, { gpaData, savedFormData: { ...gpaData, step: 3 }, sign: signatureUrl });
      return { message: messages.formSubmitted, data: withSignedSignature(gpaData, me.id) };
    },
  };
}

export type MembershipService = ReturnType<typeof membershipService>;
