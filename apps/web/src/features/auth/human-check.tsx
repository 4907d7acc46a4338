import { FieldError } from '@vault/ui/field';
import type {} from 'altcha/types/react';
import { useEffect, useRef } from 'react';

type Props = {
  /** The payload to send as `altcha`, or '' when not (or no longer) verified. */
  onChange: (payload: string) => void;
  error?: string | undefined;
};

type StateChange = CustomEvent<{ state: string; payload?: string | null }>;

// The footer links to altcha.org; we keep the page free of outside links and requests.
const configuration = JSON.stringify({ hideFooter: true, hideLogo: true });

/** The self-hosted ALTCHA proof-of-work check (spec 1 §5 "Human check"); the member ticks its checkbox. */
export function HumanCheck({ onChange, error }: Props) {
  const ref = useRef<HTMLElement>(null);
  const errorId = 'human-check-error';

  // The widget is loaded with the sign-up form, not with every page: it is the app's largest module.
  useEffect(() => {
    void import('altcha');
  }, []);

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const handler = (event: Event) => {
      const { state, payload } = (event as StateChange).detail;
      onChange(state === 'verified' && payload ? payload : '');
    };
    el.addEventListener('statechange', handler);
    return () => el.removeEventListener('statechange', handler);
  }, [onChange]);

  return (
    <div>
      <altcha-widget
        ref={ref}
        challenge="/api/auth/altcha-challenge"
        // A plain native checkbox: keyboard friendly and clickable by automated browsers too.
        type="native"
        configuration={configuration}
        aria-describedby={error ? errorId : undefined}
        style={{ '--altcha-max-width': '100%', '--altcha-border-radius': '0.5rem' }}
      />
      <FieldError id={errorId} message={error} />
    </div>
  );
}
