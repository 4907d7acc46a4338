import * as Dialog from '@radix-ui/react-dialog';
import { type ReactNode, type RefObject, useLayoutEffect, useRef } from 'react';

export type ModalProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  /** Visually hide the title while keeping it as the dialog's accessible name. */
  hideTitle?: boolean;
  description?: string;
  children: ReactNode;
  size?: 'sm' | 'md' | 'lg';
  /** What takes the focus on opening, instead of the first focusable element (a confirmation's Cancel). */
  initialFocus?: RefObject<HTMLElement | null>;
};

const widths = { sm: 'max-w-sm', md: 'max-w-md', lg: 'max-w-3xl' };

/** The modal itself (Radix Dialog), downloaded the first time one opens: see modal.tsx. */
export default function ModalDialog({
  open,
  onOpenChange,
  title,
  hideTitle,
  description,
  children,
  size = 'md',
  initialFocus,
}: ModalProps) {
  // Our modals open by state, not through a Dialog.Trigger, and Radix gives the focus back on closing only to
  // its trigger: without this it would fall to the page's body. What had the focus when the dialog opened
  // gets it back, if it is still on the page (a button whose row went stays lost: the screen then decides).
  const opener = useRef<HTMLElement | null>(null);
  // Read as it opens, before Radix moves the focus in (its focus scope does so in an effect, after layout
  // effects); content that changes inside an open dialog does not count as its opener.
  useLayoutEffect(() => {
    if (open) opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  }, [open]);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-navy-950/60" />
        <Dialog.Content
          onOpenAutoFocus={(event) => {
            if (!initialFocus?.current) return;
            event.preventDefault();
            initialFocus.current.focus();
          }}
          onCloseAutoFocus={(event) => {
            if (!opener.current?.isConnected) return;
            event.preventDefault();
            opener.current.focus();
          }}
          className={`fixed left-1/2 top-1/2 z-50 max-h-[92vh] w-[calc(100%-2rem)] ${widths[size]} -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-surface p-6 shadow-2xl`}
        >
          <Dialog.Title className={hideTitle ? 'sr-only' : 'mb-4 pr-10 text-xl font-semibold text-ink'}>
            {title}
          </Dialog.Title>
          {description ? (
            <Dialog.Description className="mb-4 text-sm text-ink-muted">{description}</Dialog.Description>
          ) : (
            <Dialog.Description className="sr-only">{title}</Dialog.Description>
          )}
          {children}
          {/* Last in the DOM so opening focuses the first field, first on screen (top right). */}
          <Dialog.Close
            className="absolute right-4 top-4 rounded-full p-2 text-ink-subtle hover:bg-sunken hover:text-ink"
            aria-label="Close"
          >
            <span aria-hidden="true">✕</span>
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
