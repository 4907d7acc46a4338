import type { FieldValues, UseFormSetError } from 'react-hook-form';
import { api } from '../../lib/api';
import { showServerError } from '../../lib/form-errors';
import { toast } from '../../lib/toast';

/**
 * Posts a public form: the server's message as a success toast and a reset on success; on failure the
 * values stay, field messages go under their inputs and the server's message is toasted.
 */
export async function sendSiteForm<T extends FieldValues>(
  path: string,
  values: T,
  form: { setError: UseFormSetError<T>; reset: () => void },
) {
  try {
    const { message } = await api<{ message: string }>(path, { body: values });
    toast.success(message);
    form.reset();
  } catch (err) {
    showServerError(err, form.setError);
  }
}
