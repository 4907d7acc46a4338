import { zodResolver } from '@hookform/resolvers/zod';
import { signUpForm } from '@vault/contract/schemas/auth';
import { Button } from '@vault/ui/button';
import { CheckboxField, PasswordField, TextField } from '@vault/ui/field';
import { Modal } from '@vault/ui/modal';
import { useCallback, useState } from 'react';
import { useForm } from 'react-hook-form';
import { api } from '../../lib/api';
import { showServerError } from '../../lib/form-errors';
import { toast } from '../../lib/toast';
import { useAuthModals } from './auth-modal-context';
import { HumanCheck } from './human-check';
import { rememberSignedUpEmail } from './signed-up-email';

export function SignUpModal() {
  const modals = useAuthModals();
  return (
    <Modal
      open={modals.current === 'signUp'}
      onOpenChange={(o) => !o && modals.close()}
      title="Create Account"
      description="Join the vault. We will send you an e-mail to verify your address."
    >
      <SignUpForm />
    </Modal>
  );
}

function SignUpForm() {
  const modals = useAuthModals();
  // A payload is good for one attempt only: a new key mounts a fresh widget after a refusal.
  const [humanCheckKey, setHumanCheckKey] = useState(0);
  const form = useForm({
    resolver: zodResolver(signUpForm),
    defaultValues: { name: '', email: modals.email, password: '', confirmPassword: '', terms: false, altcha: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const { setValue, clearErrors } = form;

  const onHumanCheck = useCallback(
    (payload: string) => {
      setValue('altcha', payload);
      if (payload) clearErrors('altcha');
    },
    [setValue, clearErrors],
  );

  const onSubmit = form.handleSubmit(async ({ name, email, password, altcha }) => {
    try {
      const res = await api<{ message: string }>('auth/register', {
        body: { name, email, password, altcha },
        token: null,
      });
      toast.success(res.message);
      // The verification link opens the sign-in form, maybe in another tab: it is filled in there too.
      rememberSignedUpEmail(email);
      modals.open('signIn', email);
    } catch (error) {
      showServerError(error, form.setError);
      setValue('altcha', '');
      setHumanCheckKey((k) => k + 1);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <TextField label="Name" autoComplete="name" error={errors.name?.message} {...form.register('name')} />
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        error={errors.email?.message}
        {...form.register('email')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <PasswordField
          label="Password"
          autoComplete="new-password"
          error={errors.password?.message}
          {...form.register('password')}
        />
        <PasswordField
          label="Confirm password"
          autoComplete="new-password"
          error={errors.confirmPassword?.message}
          {...form.register('confirmPassword')}
        />
      </div>
      <p className="-mt-2 text-xs text-ink-subtle">8 to 16 characters, no spaces.</p>
      <CheckboxField
        label="I agree to the terms and conditions"
        error={errors.terms?.message}
        {...form.register('terms')}
      />
      <HumanCheck key={humanCheckKey} onChange={onHumanCheck} error={errors.altcha?.message} />
      <Button type="submit" className="w-full" busy={isSubmitting}>
        Create Account
      </Button>
      <p className="text-center text-sm text-ink-muted">
        Already a member?{' '}
        <Button variant="link" onClick={() => modals.open('signIn', form.getValues('email'))}>
          Sign in
        </Button>
      </p>
    </form>
  );
}
