import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import {
  ADMIN_PASSWORD_MIN,
  type AdminMe,
  enrolmentFinishBody,
  enrolmentFinishResponse,
  enrolmentStartResponse,
} from '@vault/contract/schemas/admin-auth';
import { Button } from '@vault/ui/button';
import { PasswordField, TextField } from '@vault/ui/field';
import { LoadError } from '@vault/ui/load-error';
import { QRCodeSVG } from 'qrcode.react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useLocation, useNavigate } from 'react-router';
import { AuthFrame } from '../../components/auth-frame';
import { CopyButton } from '../../components/copy-button';
import { FormAlert } from '../../components/form-alert';
import { ApiError, api } from '../../lib/api';
import { useSession } from '../../lib/session';
import { refusalText } from './error-message';
import { RecoveryCodes } from './recovery-codes';

/** The enrolment link's token: after `#token=`, so it never reaches a server log or a Referer. */
function linkToken(hash: string): string | null {
  const token = new URLSearchParams(hash.replace(/^#/, '')).get('token');
  return token && token.length >= 20 ? token : null;
}

const formSchema = enrolmentFinishBody.omit({ token: true });

type Finished = { token: string; admin: AdminMe; recoveryCodes: string[] };

/**
 * /admin/enrol#token=…, the one-time link `npm run admin -- create` (or an owner) gives a new administrator:
 * scan the QR code (or type the secret) into an authenticator app, choose a name and password and confirm
 * with the app's first code; then the recovery codes, shown this once, and the session starts.
 */
export function EnrolPage() {
  const { hash } = useLocation();
  const [token] = useState(() => linkToken(hash));
  const [finished, setFinished] = useState<Finished | null>(null);
  const session = useSession();
  const navigate = useNavigate();

  const start = useQuery({
    queryKey: ['enrol-start', token],
    queryFn: () => api('admin/auth/enrol/start', enrolmentStartResponse, { body: { token }, token: null }),
    enabled: Boolean(token) && !finished,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });

  if (!token)
    return (
      <AuthFrame title="Set up your administrator account">
        <p role="alert" className="text-sm text-ink-muted">
          This page needs the whole enrolment link you were given (it ends with <code>#token=…</code>). Ask the owner
          who created your account for a new link.
        </p>
      </AuthFrame>
    );

  if (finished)
    return (
      <AuthFrame title="Save your recovery codes" wide>
        <RecoveryCodes
          codes={finished.recoveryCodes}
          email={finished.admin.email}
          onDone={() => {
            session.signIn(finished.token, finished.admin);
            navigate('/', { replace: true });
          }}
        />
      </AuthFrame>
    );

  return (
    <AuthFrame title="Set up your administrator account" wide>
      {start.isPending ? (
        <p role="status" className="text-sm text-ink-muted">
          Checking your enrolment link…
        </p>
      ) : start.isError ? (
        start.error instanceof ApiError && start.error.status >= 400 && start.error.status < 500 ? (
          <FormAlert>{refusalText(start.error)}</FormAlert>
        ) : (
          <LoadError query={start} title="Your enrolment could not be started" />
        )
      ) : (
        <div className="space-y-6">
          <p className="text-sm text-ink-muted">
            Signing in as <strong className="font-semibold text-ink">{start.data.email}</strong>, role{' '}
            <strong className="font-semibold text-ink">{start.data.role}</strong>. Every sign-in to the back office asks
            for your password and a code from an authenticator app.
          </p>
          <section aria-labelledby="scan-title" className="grid gap-5 sm:grid-cols-[auto_1fr] sm:items-start">
            <h2 id="scan-title" className="font-semibold text-ink sm:col-span-2">
              1. Add the account to your authenticator app
            </h2>
            <div className="justify-self-center rounded-xl bg-surface p-3 ring-1 ring-line">
              <QRCodeSVG
                value={start.data.otpauthUrl}
                size={176}
                marginSize={1}
                title={`QR code to add ${start.data.email} to an authenticator app`}
                role="img"
                aria-label={`QR code to add ${start.data.email} to an authenticator app`}
              />
            </div>
            <div className="space-y-2 text-sm text-ink-muted">
              <p>Scan the QR code with the app (Google Authenticator, 1Password, Aegis, …), or type this key in it:</p>
              <p
                className="rounded-lg bg-sunken px-3 py-2 font-mono text-base break-all text-ink"
                data-testid="totp-secret"
              >
                {groupSecret(start.data.secret)}
              </p>
              <CopyButton text={start.data.secret} label="Copy key" />
              <p className="text-xs text-ink-subtle">Time-based, 6 digits, 30 seconds.</p>
            </div>
          </section>
          <FinishForm token={token} onFinished={setFinished} />
        </div>
      )}
    </AuthFrame>
  );
}

/** The base32 secret in groups of four, easier to type without losing one's place. */
const groupSecret = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

function FinishForm({ token, onFinished }: { token: string; onFinished: (finished: Finished) => void }) {
  const [refusal, setRefusal] = useState<string | null>(null);
  const form = useForm({ resolver: zodResolver(formSchema), defaultValues: { name: '', password: '', code: '' } });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setRefusal(null);
    try {
      const res = await api('admin/auth/enrol/finish', enrolmentFinishResponse, {
        body: { ...values, token },
        token: null,
      });
      onFinished({ token: res.token, admin: res.admin, recoveryCodes: res.recoveryCodes });
    } catch (error) {
      if (error instanceof ApiError && error.body.fields) {
        for (const [field, message] of Object.entries(error.body.fields)) {
          if (field === 'name' || field === 'password' || field === 'code') form.setError(field, { message });
        }
      }
      setRefusal(refusalText(error));
      form.setValue('code', '');
    }
  });

  return (
    <section aria-labelledby="finish-title">
      <h2 id="finish-title" className="mb-3 font-semibold text-ink">
        2. Choose your name and password, and confirm with the app's code
      </h2>
      <form noValidate onSubmit={onSubmit} className="space-y-4" aria-label="Finish enrolment">
        <FormAlert>{refusal}</FormAlert>
        <TextField label="Your name" autoComplete="name" error={errors.name?.message} {...form.register('name')} />
        <PasswordField
          label="Password"
          autoComplete="new-password"
          error={errors.password?.message}
          {...form.register('password')}
        />
        <TextField
          label="6-digit code from the app"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          error={errors.code?.message}
          {...form.register('code')}
        />
        <p className="text-xs text-ink-subtle">
          {`The password needs at least ${ADMIN_PASSWORD_MIN} characters; a few words with spaces make a good one.`}
        </p>
        <Button type="submit" busy={isSubmitting}>
          Finish set-up
        </Button>
      </form>
    </section>
  );
}
