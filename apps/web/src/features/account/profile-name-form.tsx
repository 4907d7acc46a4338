import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { editUserBody, type UserInfo, type UserInfoResponse } from '@vault/contract/schemas/user';
import { Button } from '@vault/ui/button';
import { TextField } from '@vault/ui/field';
import { useForm } from 'react-hook-form';
import { api } from '../../lib/api';
import { showServerError } from '../../lib/form-errors';
import { queryKeys } from '../../lib/query-client';
import { toast } from '../../lib/toast';

/** Account Settings → Change Profile Name, prefilled with the current name. */
export function ProfileNameForm({ user }: { user: UserInfo }) {
  const queryClient = useQueryClient();
  const form = useForm({ resolver: zodResolver(editUserBody), defaultValues: { name: user.name } });
  const { errors, isSubmitting, isDirty } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const res = await api<{ message: string; data: UserInfo }>('user/edit', { body: values });
      queryClient.setQueryData<UserInfoResponse>(queryKeys.userInfo, (old) => old && { ...old, user: res.data });
      form.reset({ name: res.data.name });
      toast.success(res.message);
    } catch (error) {
      showServerError(error, form.setError);
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <TextField label="Profile name" autoComplete="name" error={errors.name?.message} {...form.register('name')} />
      <Button type="submit" busy={isSubmitting} disabled={!isDirty}>
        Save Name
      </Button>
    </form>
  );
}
