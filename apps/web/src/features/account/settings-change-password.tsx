import { zodResolver } from '@hookform/resolvers/zod';
import { settingsChangePasswordForm } from '@vault/contract/schemas/auth';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '../../components/button';
import { PasswordField } from '../../components/field';
import { api } from '../../lib/api';
import { showServerError } from '../../lib/form-errors';
import { useSession } from '../../lib/session';

/** Account Settings → Change Password; success signs the member out (the server ended every session). */
export function SettingsChangePassword() {
  const session = useSession();
  const form = useForm({
    resolver: zodResolver(settingsChangePasswordForm),
    defaultValues: { oldPassword: '', newPassword: '', confirmPassword: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async ({ oldPassword, newPassword }) => {
    try {
      const res = await api<{ message: string }>('auth/change-password', { body: { oldPassword, newPassword } });
      toast.success(res.message);
      session.clear();
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
      <p className="text-xs text-slate-500">You will be signed out on every device and log in again.</p>
      <Button type="submit" busy={isSubmitting}>
        Change Password
      </Button>
    </form>
  );
}
