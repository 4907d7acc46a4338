import { Modal } from '@vault/ui/modal';

export type AgreementId = 'terms' | 'privacy' | 'membership';

/** Short summaries of the agreements; the signed versions are part of the membership application. */
export const agreements: Record<AgreementId, { title: string; paragraphs: string[] }> = {
  terms: {
    title: 'Terms & Conditions',
    paragraphs: [
      'Vault is operated by a private member association. The site and the vault are offered to members only; nothing here is an offer to the general public, nor investment, tax or legal advice.',
      'Members keep their login details secret and are responsible for everything done with their account. Accounts of members who do not activate their vault within 14 days may be blocked.',
      'Token prices can go down as well as up. Asset tokens qualify for redemption only after being held at least 1 year and 1 day.',
    ],
  },
  privacy: {
    title: 'Privacy Policy',
    paragraphs: [
      'We collect only what we need to run your membership: your name, e-mail address, the data of your membership application and the record of your transactions.',
      'Your data is stored on servers the association controls, is never sold, and is shared only where the law requires it or a payment you asked for needs it.',
      'You may ask for a copy of your data or for its deletion at any time through the contact page or your account settings.',
    ],
  },
  membership: {
    title: 'Membership Agreement',
    paragraphs: [
      'By joining, you become a member of a private member association and agree to deal with it and its members privately.',
      'Vesting lasts at least one year and one day and starts on January 2 of the next year; the last day to add value for a year is December 31.',
      'You may rescind within 5 business days (Monday to Friday, ending 2400 GMT) of signing.',
      'Activating a vault requires a contribution worth at least 21 silver asset tokens (21 oz of 0.999 fine silver).',
    ],
  },
};

type Props = { open: boolean; onOpenChange: (open: boolean) => void; agreement: AgreementId };

/** Footer agreement links open their text here instead of leaving the (offline) site. */
export function AgreementModal({ open, onOpenChange, agreement }: Props) {
  const doc = agreements[agreement];
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={doc.title} size="lg">
      <div className="space-y-3 text-sm leading-relaxed text-ink-muted">
        {doc.paragraphs.map((p) => (
          <p key={p}>{p}</p>
        ))}
      </div>
    </Modal>
  );
}
