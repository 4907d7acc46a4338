import { linkClass } from '@vault/ui/button';
import { Modal } from '@vault/ui/modal';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';

export type TokenTopic = 'liquidity' | 'asset' | 'opportunity' | 'legacy' | 'whitepapers';

export const tokenTopics: { id: TokenTopic; label: string }[] = [
  { id: 'liquidity', label: 'Liquidity tokens' },
  { id: 'asset', label: 'Asset tokens' },
  { id: 'opportunity', label: 'Opportunity tokens' },
  { id: 'legacy', label: 'Legacy tokens' },
  { id: 'whitepapers', label: 'Whitepapers' },
];

const tokenTypes: { id: TokenTopic; name: string; text: string }[] = [
  {
    id: 'liquidity',
    name: 'Liquidity tokens',
    text: 'Q is the vault dollar: 1 Q = 1 USD. Members use Q to fund their vault, acquire other tokens and send value to fellow members.',
  },
  {
    id: 'asset',
    name: 'Asset tokens',
    text: 'Silver and gold backed tokens. Each asset token stands for precious metal held for the association; asset tokens must be held at least 1 year and 1 day before they qualify for redemption.',
  },
  {
    id: 'opportunity',
    name: 'Opportunity tokens',
    text: 'Fractional non-fungible tokens for asset pools with royalties. Each pool is divided into 1,000,000 to 1,000,000,000 fractional units, so members can take part with small amounts.',
  },
  {
    id: 'legacy',
    name: 'Legacy tokens',
    text: 'Tokens of the self-directed, retirement-style account type (sdira). Movements of legacy tokens are requested by the member and approved by the association.',
  },
];

const whitepapers = [
  { name: 'Q liquidity token', text: 'How Q is issued against dollar contributions and kept at 1 Q = 1 USD.' },
  {
    name: 'Silver and gold asset tokens',
    text: 'Backing, custody, the 1 year and 1 day holding period and redemption.',
  },
  { name: 'Opportunity tokens', text: 'Asset pools, fractional units and how royalties are shared.' },
];

type Props = { open: boolean; onOpenChange: (open: boolean) => void; topic: TokenTopic };

/** Footer modal describing the token types (spec 1 §2 "Footer modal with token descriptions") or whitepapers. */
export function FooterTokenModal({ open, onOpenChange, topic }: Props) {
  const selected = useRef<HTMLElement>(null);
  // the clicked type is highlighted and brought into view; the others stay for comparison
  useEffect(() => {
    if (open) requestAnimationFrame(() => selected.current?.scrollIntoView({ block: 'nearest' }));
  }, [open]);

  if (topic === 'whitepapers') {
    return (
      <Modal open={open} onOpenChange={onOpenChange} title="Whitepapers" size="md">
        <ul className="space-y-3">
          {whitepapers.map((w) => (
            <li key={w.name} className="rounded-xl border border-line p-4">
              <h3 className="font-semibold text-ink">{w.name}</h3>
              <p className="mt-1 text-sm text-ink-muted">{w.text}</p>
            </li>
          ))}
        </ul>
        <p className="mt-4 text-sm text-ink-muted">
          The full papers are shared with members and applicants on request.{' '}
          <Link to="/contact-us" onClick={() => onOpenChange(false)} className={linkClass}>
            Ask us for a copy
          </Link>
          .
        </p>
      </Modal>
    );
  }

  return (
    <Modal open={open} onOpenChange={onOpenChange} title="Our tokens" size="md">
      <ul className="space-y-3">
        {tokenTypes.map((t) => {
          const isSelected = t.id === topic;
          return (
            <li key={t.id}>
              <section
                ref={isSelected ? selected : undefined}
                aria-current={isSelected ? 'true' : undefined}
                className={`rounded-xl border p-4 ${isSelected ? 'border-primary bg-primary-soft' : 'border-line'}`}
              >
                <h3 className="font-semibold text-ink">{t.name}</h3>
                <p className="mt-1 text-sm text-ink-muted">{t.text}</p>
              </section>
            </li>
          );
        })}
      </ul>
    </Modal>
  );
}
