import { zodResolver } from '@hookform/resolvers/zod';
import { messages } from '@vault/contract/messages';
import { goCardlessCustomerBody } from '@vault/contract/schemas/funding';
import { Button, linkClass } from '@vault/ui/button';
import { errorText } from '@vault/ui/error-text';
import { TextField } from '@vault/ui/field';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useMoneyConfirm } from '../../lib/money-post';
import { useSession } from '../../lib/session';
import { toast } from '../../lib/toast';
import type { Purchase } from './settlement-dialog';

/** The customer part of go-cardless/create-customer (spec 2 §3): the purchase is added from the dialog. */
const customerFields = goCardlessCustomerBody.pick({
  email: true,
  given_name: true,
  family_name: true,
  company_name: true,
  address_line1: true,
  city: true,
  postal_code: true,
  phone_number: true,
  language: true,
});
type CustomerInput = z.input<typeof customerFields>;
type CustomerValues = z.output<typeof customerFields>;

type Redirect = { message: string; data: { redirectUrl: string; purchaseId: string; orderId: string } };

/** The browser's language as GoCardless takes it (ISO 639-1), English otherwise. */
function browserLanguage(): string {
  const lang = (typeof navigator === 'undefined' ? '' : navigator.language).slice(0, 2).toLowerCase();
  return /^[a-z]{2}$/.test(lang) ? lang : 'en';
}

/** The member's name split as given and family name: the last word is the family name. */
function splitName(name: string): { given: string; family: string } {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length < 2) return { given: words[0] ?? '', family: '' };
  return { given: words.slice(0, -1).join(' '), family: words.at(-1) ?? '' };
}

/** A string the membership data (gpaData) holds under one of these keys, or ''. */
function pick(data: Record<string, unknown> | null | undefined, ...keys: string[]): string {
  for (const key of keys) {
    const value = data?.[key];
    if (typeof value === 'string' && value.trim()) return value.trim();
  }
  return '';
}

/**
 * Customer registration for the direct-debit provider (spec 2 §3, §5 its messages), shown by the settlement
 * dialog after Confirm on Go cardless: prefilled with what the app knows of the member, then
 * go-cardless/create-customer with the purchase, and GoCardless' payment page opens in a new window (a link
 * when the browser blocks it).
 */
export function DirectDebitForm({ purchase, onBack }: { purchase: Purchase; onBack: () => void }) {
  const { info } = useSession();
  const { submitting, confirm } = useMoneyConfirm();
  const [opened, setOpened] = useState<{ url: string; blocked: boolean } | null>(null);
  const linkRef = useRef<HTMLAnchorElement>(null);
  const name = splitName(info?.user.name ?? '');
  const gpa = info?.gpaData;
  const form = useForm<CustomerInput, unknown, CustomerValues>({
    resolver: zodResolver(customerFields),
    defaultValues: {
      email: info?.user.email ?? '',
      given_name: pick(gpa, 'firstName', 'firstname', 'given_name') || name.given,
      family_name: pick(gpa, 'lastName', 'lastname', 'family_name') || name.family,
      company_name: pick(gpa, 'companyName', 'company', 'company_name'),
      address_line1: pick(gpa, 'address', 'addressLine1', 'address_line1', 'street'),
      city: pick(gpa, 'city'),
      postal_code: pick(gpa, 'postalCode', 'zip', 'zipCode', 'postal_code'),
      phone_number: pick(gpa, 'phone', 'phoneNumber', 'phone_number', 'mobile'),
      language: browserLanguage(),
    },
  });
  const { errors } = form.formState;

  useEffect(() => {
    if (opened) linkRef.current?.focus();
  }, [opened]);

  const onSubmit = form.handleSubmit((values) =>
    confirm<Redirect>(
      'go-cardless/create-customer',
      {
        ...values,
        paymentType: purchase.type === 'walletActivation' ? 'walletActivation' : 'tokenPurchase',
        tokenId: purchase.token,
        amount: purchase.amount,
      },
      {
        done: (res) => {
          const url = res.data.redirectUrl;
          const win = window.open(url, '_blank');
          if (win) win.opener = null;
          setOpened({ url, blocked: !win });
          toast.success(res.message || messages.ddRedirectCreated);
        },
        refused: (error) => toast.error(errorText(error)),
      },
    ),
  );

  if (opened)
    return (
      <div>
        <p role="status" className="rounded-xl bg-primary-soft p-4 text-sm text-ink ring-1 ring-primary/20">
          {opened.blocked
            ? 'Your browser kept the direct debit page from opening: open it with the link below.'
            : messages.ddRedirectCreated}{' '}
          When it is done you come back to this site to finalize the payment.
        </p>
        <p className="mt-4">
          <a ref={linkRef} href={opened.url} target="_blank" rel="noopener noreferrer" className={linkClass}>
            Open the direct debit page
          </a>
        </p>
      </div>
    );

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Direct debit customer">
      <p className="mb-4 text-sm text-ink-muted">
        GoCardless sets up the direct debit with these details; check them before you go on.
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          label="Given name"
          autoComplete="given-name"
          error={errors.given_name?.message}
          {...form.register('given_name')}
        />
        <TextField
          label="Family name"
          autoComplete="family-name"
          error={errors.family_name?.message}
          {...form.register('family_name')}
        />
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...form.register('email')}
        />
        <TextField
          label="Phone number"
          type="tel"
          autoComplete="tel"
          error={errors.phone_number?.message}
          {...form.register('phone_number')}
        />
        <TextField
          label="Company name"
          autoComplete="organization"
          error={errors.company_name?.message}
          {...form.register('company_name')}
        />
        <TextField
          label="Address"
          autoComplete="address-line1"
          error={errors.address_line1?.message}
          {...form.register('address_line1')}
        />
        <TextField label="City" autoComplete="address-level2" error={errors.city?.message} {...form.register('city')} />
        <TextField
          label="Postal code"
          autoComplete="postal-code"
          error={errors.postal_code?.message}
          {...form.register('postal_code')}
        />
        <TextField
          label="Language"
          maxLength={2}
          error={errors.language ? 'Two letters, e.g. en' : undefined}
          {...form.register('language')}
        />
      </div>
      <div className="mt-6 flex flex-col gap-2 sm:flex-row-reverse">
        <Button type="submit" disabled={submitting}>
          {submitting ? 'Setting up…' : 'Continue to direct debit'}
        </Button>
        <Button type="button" variant="secondary" onClick={onBack}>
          Choose another method
        </Button>
      </div>
    </form>
  );
}
