import { zodResolver } from '@hookform/resolvers/zod';
import { changePasswordForm, settingsChangePasswordForm } from '@vault/contract/schemas/auth';
import { Button } from '@vault/ui/button';
import { PasswordField } from '@vault/ui/field';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { api } from '../lib/api';
import { showServerError } from '../lib/form-errors';
import { useSession } from '../lib/session';
import { toast } from '../lib/toast';

/** The two flows of spec 1 §5 check the same fields with different wording. */
const schemas = { afterLogin: changePasswordForm, settings: settingsChangePasswordForm };

type Props = { wording: keyof typeof schemas; note?: ReactNode; onChanged?: () => void; wide?: boolean };

/**
 * Change Password, used after login by imported members and in Account Settings. The server revokes
 * every session on success, so the member is signed out here and logs in again with the new password.
 */
export function ChangePasswordForm({ wording, note, onChanged, wide }: Props) {
  const session = useSession();
  const form = useForm({
    resolver: zodResolver(schemas[wording]),
    defaultValues: { oldPassword: '', newPassword: '', confirmPassword: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async ({ oldPassword, newPassword }) => {
    try {
      const res = await api<{ message: string }>('auth/change-password', { body: { oldPassword, newPassword } });
      toast.success(res.message);
      session.clear();
      onChanged?.();
    } catch (error) {
      showServerError(error, form.setError);
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <PasswordField
        label="Old password"
        autoComplete="current-password"
        error={errors.oldPassword?.message}
        {...form.register('oldPassword')}
      />
      <PasswordField
        label="New password"
        autoComplete="new-password"
        error={errors.newPassword?.message}
        {...form.register('newPassword')}
      />
      <PasswordField
        label="Confirm new password"
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...form.register('confirmPassword')}
      />
      {note}
      <Button type="submit" className={wide ? 'w-full' : ''} busy={isSubmitting}>
        Change Password
      </Button>
    </form>
  );
}
