import { buttonClass } from '@vault/ui/button';
import type { FormEvent } from 'react';
import { useRef, useState } from 'react';
import { sendSiteForm } from './send-site-form';

type Schema = typeof import('@vault/contract/schemas/site')['newsletterBody'];

/** The body to send (trimmed, lower case: what the other forms send through zodResolver), or the schema's message. */
const validate = (schema: Schema, email: string) => {
  const parsed = schema.safeParse({ email });
  return parsed.success ? { body: parsed.data } : { message: parsed.error.issues[0]?.message };
};

/**
 * The footer's newsletter sign-up (spec 1 §2). It is on every public page, so it does without
 * react-hook-form, and the contract's schema (with zod) is fetched on the first submit rather than with
 * the page (issue 9: the first load). It behaves as the other forms: the schema's message under the field,
 * focus back on it, the message following what is typed after a refused submit.
 */
export function NewsletterForm() {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const schema = useRef<Schema | null>(null);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBusy(true);
    setSubmitted(true);
    try {
      schema.current ??= (await import('@vault/contract/schemas/site')).newsletterBody;
      const { body, message } = validate(schema.current, email);
      setError(message);
      if (!body) {
        input.current?.focus();
        return;
      }
      await sendSiteForm('site/newsletter', body, {
        setError: (_field, option) => setError(option.message),
        reset: () => {
          setEmail('');
          setSubmitted(false);
        },
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form noValidate onSubmit={onSubmit} className="w-full max-w-md">
      <label htmlFor="newsletter-email" className="block text-sm font-medium text-on-dark-muted">
        {/* "e-mail" keeps this label apart from the page forms' "Email" fields */}
        Your e-mail address
      </label>
      <div className="mt-1 flex flex-col gap-2 sm:flex-row">
        <input
          id="newsletter-email"
          type="email"
          autoComplete="email"
          placeholder="you@example.com"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'newsletter-email-error' : undefined}
          className="min-w-0 flex-1 rounded-lg border border-white/20 bg-white/10 px-3 py-2.5 text-on-dark placeholder:text-on-dark-subtle focus:border-primary focus:outline-none focus:ring-2 focus:ring-primary/40 aria-[invalid=true]:border-danger-on-dark"
          ref={input}
          value={email}
          onChange={(event) => {
            setEmail(event.target.value);
            // After a refused submit the message follows what is typed, as the other forms' do.
            if (submitted && schema.current) setError(validate(schema.current, event.target.value).message);
          }}
        />
        <button type="submit" disabled={busy} className={buttonClass('primary')}>
          {busy ? 'Subscribing…' : 'Subscribe'}
        </button>
      </div>
      {error && (
        <p id="newsletter-email-error" role="alert" className="mt-1 text-sm text-danger-on-dark">
          {error}
        </p>
      )}
    </form>
  );
}
