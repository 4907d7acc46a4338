import { APP_VERSION_LINE } from '@vault/contract/constants';
import { LogoMark } from '@vault/ui/logo';
import { useState } from 'react';
import { Link } from 'react-router';
import { type AgreementId, AgreementModal, agreements } from './agreement-modal';
import { FooterTokenModal, type TokenTopic, tokenTopics } from './footer-token-modal';
import { NewsletterForm } from './newsletter-form';

// no internet: the social links lead to the contact page, where members ask to be connected
const socials = ['LinkedIn', 'X', 'Telegram', 'YouTube'];

const heading = 'text-sm font-semibold uppercase tracking-wider text-accent-on-dark';
const footerLink =
  'rounded-sm text-left text-sm text-on-dark-muted underline-offset-4 hover:text-on-dark hover:underline';

/** Public footer: newsletter, token and agreement information, legal notice, social links, version. */
export function SiteFooter() {
  // the topic outlives `open` so the dialog keeps its content while it closes
  const [tokens, setTokens] = useState<{ open: boolean; topic: TokenTopic }>({ open: false, topic: 'liquidity' });
  const [legal, setLegal] = useState<{ open: boolean; agreement: AgreementId }>({ open: false, agreement: 'terms' });

  return (
    <footer className="bg-navy-900 text-on-dark-muted">
      <div className="border-b border-white/10">
        <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-10 sm:px-6 md:flex-row md:items-end md:justify-between">
          <div>
            <h2 className="text-xl font-semibold text-on-dark">Stay informed</h2>
            <p className="mt-1 text-sm text-on-dark-muted">News about the vault, new tokens and opportunity pools.</p>
          </div>
          <NewsletterForm />
        </div>
      </div>

      <div className="mx-auto grid max-w-6xl grid-cols-2 gap-x-6 gap-y-10 px-4 py-12 sm:px-6 lg:grid-cols-[2fr_1fr_1fr_1fr]">
        <div className="col-span-2 lg:col-span-1">
          <Link to="/" className="inline-flex items-center gap-2 rounded-md text-lg font-bold text-on-dark">
            <LogoMark className="size-7" />
            <span>Vault</span>
          </Link>
          <h2 className="sr-only">Legal notice</h2>
          <p className="mt-4 max-w-sm text-sm leading-relaxed text-on-dark-subtle">
            Vault is operated by a private member association. Its services are offered to members only and nothing on
            this site is an offer to the public or investment, tax or legal advice. Token values can go down as well as
            up.
          </p>
        </div>

        <div>
          <h2 className={heading}>About</h2>
          <ul className="mt-4 space-y-2">
            {tokenTopics.map((t) => (
              <li key={t.id}>
                <button type="button" className={footerLink} onClick={() => setTokens({ open: true, topic: t.id })}>
                  {t.label}
                </button>
              </li>
            ))}
          </ul>
        </div>

        <div>
          <h2 className={heading}>Agreements</h2>
          <ul className="mt-4 space-y-2">
            {(Object.keys(agreements) as AgreementId[]).map((id) => (
              <li key={id}>
                <button type="button" className={footerLink} onClick={() => setLegal({ open: true, agreement: id })}>
                  {agreements[id].title}
                </button>
              </li>
            ))}
            <li>
              <Link to="/faq" className={footerLink}>
                FAQ
              </Link>
            </li>
          </ul>
        </div>

        <div>
          <h2 className={heading}>Follow us</h2>
          <ul className="mt-4 space-y-2">
            {socials.map((name) => (
              <li key={name}>
                <Link to="/contact-us" aria-label={`${name}: ask us to connect`} className={footerLink}>
                  {name}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </div>

      <div className="border-t border-white/10">
        <div className="mx-auto flex max-w-6xl flex-col gap-1 px-4 py-5 text-xs text-on-dark-subtle sm:flex-row sm:justify-between sm:px-6">
          <p>© {new Date().getFullYear()} Vault private member association. All rights reserved.</p>
          <p>
            <span>Version </span>
            <span data-testid="app-version">{APP_VERSION_LINE}</span>
          </p>
        </div>
      </div>

      <FooterTokenModal
        open={tokens.open}
        onOpenChange={(open) => setTokens((s) => ({ ...s, open }))}
        topic={tokens.topic}
      />
      <AgreementModal
        open={legal.open}
        onOpenChange={(open) => setLegal((s) => ({ ...s, open }))}
        agreement={legal.agreement}
      />
    </footer>
  );
}
