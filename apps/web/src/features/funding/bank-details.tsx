import type { Settings } from '@vault/contract/schemas/site';
import { cardClass } from '@vault/ui/card';
import type { ReactNode } from 'react';
import { CopyButton } from '../../components/copy-button';

/**
 * Where the member pays a direct wire (spec 2 §3 "Bank detail", §4): domestic wire, international wire and
 * Zelle, each a definition list from the settings; account and routing numbers (and the SWIFT code, the Zelle
 * address) have a Copy button. An account an owner has not set yet says so instead of showing blanks.
 */
export function BankDetails({ settings, orderId }: { settings: Settings; orderId: string | undefined }) {
  const domestic = settings.directWireDomesticAccount;
  const international = settings.directWireInternationalAccount;
  const zelle = settings.zellePay;
  return (
    <section aria-labelledby="bank-details" className="space-y-4">
      <div>
        <h2 id="bank-details" className="text-lg font-semibold text-ink">
          Bank details to pay into
        </h2>
        {orderId ? (
          <p className="mt-1 text-sm text-ink-muted">
            Quote your order number <span className="font-mono font-semibold text-ink">{orderId}</span> as the reference
            of your payment, so it can be matched to your request.
          </p>
        ) : null}
      </div>
      <div className="grid gap-4 xl:grid-cols-3">
        <Account title="Domestic wire (US)" missing={!domestic}>
          {domestic ? (
            <>
              <Row term="Account name">{domestic.accountName}</Row>
              <Row term="Account no." copy={domestic.accountNo}>
                {domestic.accountNo}
              </Row>
              <Row term="Routing no." copy={domestic.routingNo}>
                {domestic.routingNo}
              </Row>
              <Row term="Account type">{domestic.accountType}</Row>
              <Row term="Bank name">{domestic.bankName}</Row>
              <Row term="Bank address">{domestic.bankAddress}</Row>
              <Row term="Mailing address">{domestic.mailingAddress}</Row>
              {domestic.endorsement ? <Row term="Endorsement">{domestic.endorsement}</Row> : null}
            </>
          ) : null}
        </Account>
        <Account title="International wire" missing={!international}>
          {international ? (
            <>
              <Row term="Account name">{international.accountName}</Row>
              <Row term="Account no." copy={international.accountNo}>
                {international.accountNo}
              </Row>
              <Row term="Routing no." copy={international.routingNo}>
                {international.routingNo}
              </Row>
              <Row term="SWIFT code" copy={international.swiftCode}>
                {international.swiftCode}
              </Row>
              <Row term="Account type">{international.accountType}</Row>
              <Row term="Bank name">{international.bankName}</Row>
              <Row term="Bank address">{international.bankAddress}</Row>
              <Row term="Mailing address">{international.mailingAddress}</Row>
              {international.endorsement ? <Row term="Endorsement">{international.endorsement}</Row> : null}
            </>
          ) : null}
        </Account>
        <Account title="Zelle" missing={!zelle}>
          {zelle ? (
            <>
              <Row term="Account name">{zelle.accountName}</Row>
              <Row term="Account type">{zelle.accountType}</Row>
              <Row term="Zelle address" copy={zelle.bankAddress}>
                {zelle.bankAddress}
              </Row>
            </>
          ) : null}
        </Account>
      </div>
    </section>
  );
}

function Account({ title, missing, children }: { title: string; missing: boolean; children: ReactNode }) {
  return (
    <section aria-label={title} className={cardClass}>
      <h3 className="font-semibold text-ink">{title}</h3>
      {missing ? (
        <p className="mt-3 rounded-xl bg-warning-soft p-3 text-sm text-warning ring-1 ring-warning/20">
          These bank details have not been set up yet. Please contact support before you pay this way.
        </p>
      ) : (
        <dl className="mt-3 divide-y divide-line text-sm">{children}</dl>
      )}
    </section>
  );
}

function Row({ term, copy, children }: { term: string; copy?: string; children: ReactNode }) {
  return (
    <div className="py-2">
      <dt className="text-xs font-medium uppercase tracking-wide text-ink-subtle">{term}</dt>
      <dd className="mt-0.5 flex items-start justify-between gap-2 break-words text-ink">
        <span className={`min-w-0 ${copy ? 'font-mono' : ''}`}>{children}</span>
        {copy ? <CopyButton value={copy} what={term} /> : null}
      </dd>
    </div>
  );
}
