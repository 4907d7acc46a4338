import { zodResolver } from '@hookform/resolvers/zod';
import { ErrorCode } from '@vault/contract/errors';
import { messages } from '@vault/contract/messages';
import { loginBody } from '@vault/contract/schemas/auth';
import type { LoginResponse } from '@vault/contract/schemas/user';
import { Button } from '@vault/ui/button';
import { errorText } from '@vault/ui/error-text';
import { PasswordField, TextField } from '@vault/ui/field';
import { Modal } from '@vault/ui/modal';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useLocation } from 'react-router';
import { ApiError, api } from '../../lib/api';
import { useSession } from '../../lib/session';
import { toast } from '../../lib/toast';
import { useAuthModals } from './auth-modal-context';
import { forgetSignedUpEmail } from './signed-up-email';

export function SignInModal() {
  const modals = useAuthModals();
  return (
    <Modal
      open={modals.current === 'signIn'}
      onOpenChange={(o) => !o && modals.close()}
      title="Sign In"
      description="Log in to your vault with your e-mail and password."
      size="sm"
    >
      <SignInForm />
    </Modal>
  );
}

/** Login text for a refused sign-in (spec 1 §8): blocked accounts are sent to support. */
const loginErrorText = (error: unknown) => {
  const text = errorText(error);
  return /blocked/i.test(text) ? `${text}${messages.blockedSuffix}` : text;
};

/**
 * Where a page that asked for a sign-in wants the member back (/sign-in's location state `from`, e.g.
 * /direct-debit?redirect_flow_id=…): a path of this app only.
 */
const returnPath = (state: unknown): string | null => {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') ? from : null;
};

function SignInForm() {
  const modals = useAuthModals();
  const location = useLocation();
  const session = useSession();
  const [unverifiedEmail, setUnverifiedEmail] = useState<string | null>(null);
  const [resending, setResending] = useState(false);
  const form = useForm({
    resolver: zodResolver(loginBody),
    defaultValues: { email: modals.email, password: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setUnverifiedEmail(null);
    try {
      const res = await api<LoginResponse>('auth/login', { body: values, token: null });
      session.signIn(res);
      forgetSignedUpEmail();
      toast.success(messages.loggedIn);
      // Where a fresh session goes next (spec 1 §4 "Login"); /sign-in does not stay in the address bar.
      if (res.user.isImported) modals.open('changePassword');
      else if (res.gpaData) modals.close(returnPath(location.state) ?? '/cryptocurrency');
      else modals.open('openAccount');
    } catch (error) {
      toast.error(loginErrorText(error));
      if (error instanceof ApiError && error.body.code === ErrorCode.EMAIL_NOT_VERIFIED)
        setUnverifiedEmail(values.email);
    }
  });

  const resend = async () => {
    if (!unverifiedEmail) return;
    setResending(true);
    try {
      const res = await api<{ message: string }>('auth/resend-verification', {
        body: { email: unverifiedEmail },
        token: null,
      });
      toast.success(res.message);
    } catch (error) {
      toast.error(errorText(error));
    } finally {
      setResending(false);
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        error={errors.email?.message}
        {...form.register('email')}
      />
      <PasswordField
        label="Password"
        autoComplete="current-password"
        error={errors.password?.message}
        {...form.register('password')}
      />
      <div className="flex justify-end">
        <Button variant="link" onClick={() => modals.open('forgotPassword', form.getValues('email'))}>
          Forgot password?
        </Button>
      </div>
      {unverifiedEmail ? (
        <div className="rounded-lg border border-warning/20 bg-warning-soft p-3 text-sm text-warning">
          <p>Your e-mail address is not verified yet.</p>
          <Button variant="secondary" className="mt-2" busy={resending} onClick={resend}>
            Resend verification email
          </Button>
        </div>
      ) : null}
      <Button type="submit" className="w-full" busy={isSubmitting}>
        Sign In
      </Button>
      <p className="text-center text-sm text-ink-muted">
        New to the vault?{' '}
        <Button variant="link" onClick={() => modals.open('signUp', form.getValues('email'))}>
          Create account
        </Button>
      </p>
    </form>
  );
}
