import { buttonClass } from '@vault/ui/button';
import { useEffect, useRef, useState } from 'react';
import { toast } from '../lib/toast';

/** How long the button says 'Copied'. */
const COPIED_MS = 2000;

/** Puts text on the clipboard; falls back to a selected hidden field where the Clipboard API is refused. */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.append(area);
    area.select();
    try {
      return document.execCommand('copy');
    } catch {
      return false;
    } finally {
      area.remove();
    }
  }
}

/**
 * A small Copy button for one value (an account or routing number): it says 'Copied' for two seconds, and
 * a polite live region tells screen readers what was copied. `what` names the value ('Account no.').
 */
export function CopyButton({ value, what }: { value: string; what: string }) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = async () => {
    if (!(await copyText(value))) {
      toast.error(`Your browser did not allow copying. Select the ${what.toLowerCase()} and copy it by hand.`);
      return;
    }
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPIED_MS);
  };

  return (
    <>
      <button
        type="button"
        onClick={copy}
        aria-label={copied ? `${what} copied` : `Copy ${what}`}
        className={`${buttonClass('secondary', 'sm')} px-2! py-1! text-xs`}
      >
        <CopyIcon done={copied} />
        <span aria-hidden="true">{copied ? 'Copied' : 'Copy'}</span>
      </button>
      <span aria-live="polite" className="sr-only">
        {copied ? `${what} copied` : ''}
      </span>
    </>
  );
}

/** Two overlapping sheets, or a tick once copied. */
export function CopyIcon({ done, size = 'size-3.5' }: { done: boolean; size?: string }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      className={`${size} ${done ? 'text-success' : ''}`}
    >
      {done ? (
        <path d="M5 12.5l4.5 4.5L19 7.5" />
      ) : (
        <>
          <rect x="9" y="9" width="11" height="11" rx="2" />
          <path d="M5 15V6a2 2 0 0 1 2-2h9" />
        </>
      )}
    </svg>
  );
}
