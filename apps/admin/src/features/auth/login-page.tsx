import { zodResolver } from '@hookform/resolvers/zod';
import { adminLoginBody, adminLoginResponse } from '@vault/contract/schemas/admin-auth';
import { Button } from '@vault/ui/button';
import { PasswordField, TextField } from '@vault/ui/field';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { AuthFrame } from '../../components/auth-frame';
import { FormAlert } from '../../components/form-alert';
import { ApiError, api } from '../../lib/api';
import { useSession } from '../../lib/session';
import { refusalText } from './error-message';

type LocationState = { from?: string } | null;

/**
 * /admin/login: e-mail, password and the authenticator's 6-digit code (or a recovery code). A refusal shows
 * the server's words (401: wrong details; 429: when to try again); a session kept for this tab only.
 */
export function LoginPage() {
  const session = useSession();
  const navigate = useNavigate();
  const state = useLocation().state as LocationState;
  // Where the sign-in came from (a screen opened without a session), or /admin, which lands on the first screen.
  const back = state?.from && state.from !== '/login' ? state.from : '/';
  const [refusal, setRefusal] = useState<string | null>(null);
  const form = useForm({
    resolver: zodResolver(adminLoginBody),
    defaultValues: { email: '', password: '', code: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setRefusal(null);
    try {
      const res = await api('admin/auth/login', adminLoginResponse, { body: values, token: null });
      session.signIn(res.token, res.admin);
      navigate(back, { replace: true });
    } catch (error) {
      if (error instanceof ApiError && error.body.fields) {
        for (const [field, message] of Object.entries(error.body.fields)) {
          if (field === 'email' || field === 'password' || field === 'code') form.setError(field, { message });
        }
      }
      setRefusal(refusalText(error));
      // A wrong code is typed again; the password stays.
      form.setValue('code', '');
    }
  });

  // Signed in (now, or before in this tab): on to where the administrator was going.
  if (session.token) return <Navigate to={back} replace />;
  return (
    <AuthFrame title="Sign in">
      {session.expired ? (
        <p
          role="status"
          className="mb-4 rounded-xl bg-warning-soft px-4 py-3 text-sm text-warning ring-1 ring-warning/20"
        >
          Your session has ended. Sign in again to continue.
        </p>
      ) : null}
      <form noValidate onSubmit={onSubmit} className="space-y-4" aria-label="Sign in">
        <FormAlert>{refusal}</FormAlert>
        <TextField
          label="Email"
          type="email"
          autoComplete="username"
          autoFocus
          error={errors.email?.message}
          {...form.register('email')}
        />
        <PasswordField
          label="Password"
          autoComplete="current-password"
          error={errors.password?.message}
          {...form.register('password')}
        />
        <div>
          <TextField
            label="Authenticator code"
            autoComplete="one-time-code"
            autoCapitalize="none"
            spellCheck={false}
            {...(errors.code ? {} : { 'aria-describedby': 'code-hint' })}
            error={errors.code?.message}
            {...form.register('code')}
          />
          {errors.code ? null : (
            <p id="code-hint" className="mt-1 text-xs text-ink-subtle">
              The 6 digits your authenticator app shows, or one of your recovery codes (xxxxx-xxxxx).
            </p>
          )}
        </div>
        <Button type="submit" busy={isSubmitting} className="w-full">
          Sign in
        </Button>
      </form>
    </AuthFrame>
  );
}
