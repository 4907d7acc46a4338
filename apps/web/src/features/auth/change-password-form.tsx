import { zodResolver } from '@hookform/resolvers/zod';
import { changePasswordForm } from '@vault/contract/schemas/auth';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '../../components/button';
import { PasswordField } from '../../components/field';
import { api } from '../../lib/api';
import { showServerError } from '../../lib/form-errors';
import { useSession } from '../../lib/session';

/**
 * The Change Password form of the imported-member flow (spec 1 §4). The server revokes every session on
 * success, so the member is signed out here and logs in again with the new password.
 */
export function ChangePasswordForm({ onChanged }: { onChanged?: () => void }) {
  const session = useSession();
  const form = useForm({
    resolver: zodResolver(changePasswordForm),
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
      <Button type="submit" className="w-full" busy={isSubmitting}>
        Change Password
      </Button>
    </form>
  );
}
