import { messages } from '@vault/contract/messages';
import { useState } from 'react';
import { storageAvailable } from '../lib/storage-check';

/** Without cookies and local storage no session can be kept: say so at the top (spec 1 §8). */
export function CookiesAlert() {
  const [blocked] = useState(() => !storageAvailable());
  if (!blocked) return null;
  return (
    <div role="alert" className="relative z-[60] bg-warning-soft px-4 py-3 text-center text-sm text-warning">
      <strong className="font-semibold">Cookies blocked.</strong> {messages.cookiesBlocked}
    </div>
  );
}
