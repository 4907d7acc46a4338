import { lazy, Suspense, useState } from 'react';
import type { ModalProps } from './modal-dialog';

const ModalDialog = lazy(() => import('./modal-dialog'));
/** Starts the dialog's download ahead of a modal that is about to open (its own code still downloading). */
export const preloadModal = () => import('./modal-dialog').then(() => undefined);

/**
 * Accessible modal: closes on Escape and overlay click, traps focus, labelled by its title (Radix Dialog).
 * Radix and its focus trap are downloaded the first time a modal opens, not with the page that holds it
 * (issue 9: the public site's first load). From then on the dialog stays mounted, so closing it returns
 * the focus to what opened it as before.
 */
export function Modal(props: ModalProps) {
  const [used, setUsed] = useState(props.open);
  if (props.open && !used) setUsed(true);
  if (!used) return null;
  return (
    <Suspense fallback={null}>
      <ModalDialog {...props} />
    </Suspense>
  );
}
