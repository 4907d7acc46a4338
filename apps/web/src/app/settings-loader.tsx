import { errorText } from '@vault/ui/error-text';
import { useEffect } from 'react';
import { useSettings } from '../lib/settings';
import { toast } from '../lib/toast';

/** Loads the settings as soon as a member is signed in; a failure is told once (spec 1 §8). */
export function SettingsLoader() {
  const { error } = useSettings();
  useEffect(() => {
    if (error) toast.error(errorText(error), { id: 'settings-error' });
  }, [error]);
  return null;
}
