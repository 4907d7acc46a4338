import { errorText } from '@vault/ui/error-text';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api';
import { toast } from './toast';

/** Puts the server's per-field messages under their fields and shows its message in an error toast. */
export function showServerError<T extends FieldValues>(error: unknown, setError?: UseFormSetError<T>) {
  if (error instanceof ApiError && error.body.fields && setError) {
    for (const [field, message] of Object.entries(error.body.fields)) setError(field as Path<T>, { message });
  }
  toast.error(errorText(error));
}
