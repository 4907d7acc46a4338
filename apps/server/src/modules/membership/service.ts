import { messages } from '@vault/contract/messages';
import type { MembershipDraft, MembershipForm } from '@vault/contract/schemas/membership';
import { eq } from 'drizzle-orm';
import type { Context } from '../../context.ts';
import { users } from '../../db/schema.ts';
import { badRequest } from '../../http/errors.ts';
import type { User } from '../auth/sessions.ts';
import type { StorageService } from '../storage/service.ts';

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
  return {
    async saveDraft(me: User, draft: MembershipDraft) {
      const savedFormData = { ...draft.form, step: draft.step, updatedAt: new Date().toISOString() };
      await db.update(users).set({ savedFormData }).where(eq(users.id, me.id));
      return { message: messages.draftSaved, data: savedFormData };
    },

    async submit(me: User, form: MembershipForm) {
      // The signature must be one this member uploaded as a signature.
      if (!(await storage.isOwn(me.id, form.signatureUrl, 'signature')))
        throw badRequest(messages.uploadSignature, 'SIGNATURE_REQUIRED', { signatureUrl: messages.uploadSignature });
      const submittedAt = new Date().toISOString();
      const gpaData = {
        _id: me.id,
        ...form,
        displayName: `${form.name.firstName} ${form.name.lastName}`,
        submittedAt,
      };
      await db
        .update(users)
        .set({ gpaData, savedFormData: { ...gpaData, step: 3 }, sign: form.signatureUrl })
        .where(eq(users.id, me.id));
      return { message: messages.formSubmitted, data: gpaData };
    },
  };
}

export type MembershipService = ReturnType<typeof membershipService>;
