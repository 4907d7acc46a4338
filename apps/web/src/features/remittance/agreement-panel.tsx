import { linkClass } from '@vault/ui/button';
import { Link } from 'react-router';
import { AgreementTerms, useAgreementDates } from '../../components/agreement-terms';

/** Remittance Agreement (spec 2 §2, spec 1 §9): the agreement's text with its dates for the current year. */
export function AgreementPanel() {
  const { lastDayToAddValue } = useAgreementDates();
  const year = lastDayToAddValue.slice(0, 4);
  return (
    <section aria-labelledby="remittance-agreement-heading" className="space-y-4">
      <h2 id="remittance-agreement-heading" className="text-lg font-semibold text-ink">
        Remittance Agreement {year}
      </h2>
      <div className="space-y-3 rounded-xl bg-canvas p-4 text-sm leading-relaxed text-ink-muted ring-1 ring-line sm:p-5">
        <p>
          <strong>Private remittance.</strong> Value I remit to the vault, by direct wire or any other method, is a
          private contribution to the member association, made from an address I keep in Direct Wire Exchange and signed
          by me. Nothing in the vault is an offer to the general public, nor investment, tax or legal advice.
        </p>
        <AgreementTerms rescind="a contribution" />
        <p>
          <strong>Direct wire.</strong> I remit a direct wire within 3 days (72 hours) of my request, quoting its order
          number; a request without funds by its due date expires. The wire fee is taken from what is received, and the
          tokens are issued at the rate locked when I made the request.
        </p>
        <p>Each remittance address I add is signed by me and accepts this agreement.</p>
      </div>
      <p className="text-sm text-ink-muted">
        Add and manage your remittance addresses in{' '}
        <Link to="/remittance?tab=exchange" className={linkClass}>
          Direct Wire Exchange
        </Link>
        .
      </p>
    </section>
  );
}
