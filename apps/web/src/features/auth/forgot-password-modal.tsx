import { zodResolver } from '@hookform/resolvers/zod';
import { RESET_CODE_DIGITS } from '@vault/contract/constants';
import { messages } from '@vault/contract/messages';
import { emailBody, newPasswordForm, verifyPinBody } from '@vault/contract/schemas/auth';
import { z } from '@vault/contract/zod';
import { Button } from '@vault/ui/button';
import { errorText } from '@vault/ui/error-text';
import { FieldError, PasswordField, TextField } from '@vault/ui/field';
import { Modal } from '@vault/ui/modal';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { ApiError, api } from '../../lib/api';
import { showServerError } from '../../lib/form-errors';
import { toast } from '../../lib/toast';
import { useAuthModals } from './auth-modal-context';
import { PinInput } from './pin-input';

const stepTitles = ['Forgot Password', 'Enter Code', 'Create New Password'];
const stepHints = [
  'Enter the e-mail address of your account. We will send you a 4-digit code.',
  'Enter the 4-digit code we sent to your e-mail address.',
  'Choose a new password: 8 to 16 characters, no spaces.',
];

/** Three steps (spec 1 §4): e-mail, 4-digit code, new password. Closing starts over at step 0. */
export function ForgotPasswordModal() {
  const modals = useAuthModals();
  const [step, setStep] = useState(0);
  const [email, setEmail] = useState('');
  // The reset token lives only in memory: it must not outlive this dialog.
  const [resetToken, setResetToken] = useState('');

  const restart = () => {
    setStep(0);
    setResetToken('');
  };

  return (
    <Modal
      open={modals.current === 'forgotPassword'}
      onOpenChange={(o) => {
        if (!o) {
          restart();
          modals.close();
        }
      }}
      title={stepTitles[step] ?? 'Forgot Password'}
      description={stepHints[step]}
      size="sm"
    >
      <p className="mb-4 text-xs font-medium uppercase tracking-wide text-ink-subtle">Step {step + 1} of 3</p>
      {step === 0 ? (
        <EmailStep
          defaultEmail={email || modals.email}
          onSent={(sentTo) => {
            setEmail(sentTo);
            setStep(1);
          }}
        />
      ) : step === 1 ? (
        <CodeStep
          email={email}
          onVerified={(token) => {
            setResetToken(token);
            setStep(2);
          }}
          onChangeEmail={() => setStep(0)}
        />
      ) : (
        <PasswordStep
          resetToken={resetToken}
          onDone={() => {
            restart();
            modals.close();
          }}
        />
      )}
    </Modal>
  );
}

/** Spec 1 §8: only 'User with the given email not found' stands alone; other refusals point to support. */
const forgotErrorText = (error: unknown) => {
  const text = errorText(error);
  const plain = !(error instanceof ApiError) || error.status === 0 || error.status === 429;
  return text === messages.userNotFound || plain ? text : `${text}${messages.contactSupportSuffix}`;
};

const requestCode = (email: string) =>
  api<{ message: string }>('auth/forgot-password', { body: { email }, token: null });

function EmailStep({ defaultEmail, onSent }: { defaultEmail: string; onSent: (email: string) => void }) {
  const form = useForm({ resolver: zodResolver(emailBody), defaultValues: { email: defaultEmail } });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async ({ email }) => {
    try {
      const res = await requestCode(email);
      toast.success(res.message);
      onSent(email);
    } catch (error) {
      toast.error(forgotErrorText(error));
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        error={errors.email?.message}
        {...form.register('email')}
      />
      <Button type="submit" className="w-full" busy={isSubmitting}>
        Send Code
      </Button>
    </form>
  );
}

// The boxes hold one entry each; the contract's rule checks the joined code.
const codeForm = z.object({
  code: z
    .array(z.string())
    .transform((digits) => digits.join(''))
    .pipe(verifyPinBody.shape.code),
});

type CodeStepProps = { email: string; onVerified: (token: string) => void; onChangeEmail: () => void };

function CodeStep({ email, onVerified, onChangeEmail }: CodeStepProps) {
  const [resending, setResending] = useState(false);
  const form = useForm({
    resolver: zodResolver(codeForm),
    defaultValues: { code: Array.from({ length: RESET_CODE_DIGITS }, () => '') },
  });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async ({ code }) => {
    try {
      const res = await api<{ status: boolean; message: string; authToken: string }>('auth/verify-pin', {
        body: { email, code },
        token: null,
      });
      toast.success(res.message);
      onVerified(res.authToken);
    } catch (error) {
      toast.error(errorText(error));
    }
  });
  const resend = async () => {
    setResending(true);
    try {
      const res = await requestCode(email);
      toast.success(res.message);
      form.reset();
    } catch (error) {
      toast.error(forgotErrorText(error));
    } finally {
      setResending(false);
    }
  };
  const errorId = 'reset-code-error';
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <p className="text-sm text-ink-muted">
        Code sent to <span className="font-medium text-ink">{email}</span>.{' '}
        <Button variant="link" onClick={onChangeEmail}>
          Change e-mail
        </Button>
      </p>
      <fieldset>
        <legend className="sr-only">4-digit code</legend>
        <Controller
          control={form.control}
          name="code"
          render={({ field }) => (
            <PinInput
              length={RESET_CODE_DIGITS}
              value={field.value}
              onChange={field.onChange}
              invalid={Boolean(errors.code)}
              describedBy={errors.code ? errorId : undefined}
            />
          )}
        />
        <div className="text-center">
          <FieldError id={errorId} message={errors.code?.message} />
        </div>
      </fieldset>
      <Button type="submit" className="w-full" busy={isSubmitting}>
        Verify Code
      </Button>
      <p className="text-center text-sm text-ink-muted">
        Didn't get it?{' '}
        <Button variant="link" onClick={resend} disabled={resending}>
          Resend code
        </Button>
      </p>
    </form>
  );
}

function PasswordStep({ resetToken, onDone }: { resetToken: string; onDone: () => void }) {
  const form = useForm({
    resolver: zodResolver(newPasswordForm),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async ({ password }) => {
    try {
      const res = await api<{ message: string }>('auth/create-new-password', {
        body: { password },
        token: resetToken,
      });
      toast.success(res.message);
      onDone();
    } catch (error) {
      showServerError(error, form.setError);
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <PasswordField
        label="New password"
        autoComplete="new-password"
        error={errors.password?.message}
        {...form.register('password')}
      />
      <PasswordField
        label="Confirm new password"
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...form.register('confirmPassword')}
      />
      <Button type="submit" className="w-full" busy={isSubmitting}>
        Save Password
      </Button>
    </form>
  );
}
