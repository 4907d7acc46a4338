import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode, RefObject } from 'react';

type Props = {
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

/** Accessible modal: closes on Escape and overlay click, traps focus, labelled by its title (Radix Dialog). */
export function Modal({
  open,
  onOpenChange,
  title,
  hideTitle,
  description,
  children,
  size = 'md',
  initialFocus,
}: Props) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/60" />
        <Dialog.Content
          onOpenAutoFocus={(event) => {
            if (!initialFocus?.current) return;
            event.preventDefault();
            initialFocus.current.focus();
          }}
          className={`fixed left-1/2 top-1/2 z-50 max-h-[92vh] w-[calc(100%-2rem)] ${widths[size]} -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 shadow-2xl`}
        >
          <Dialog.Title className={hideTitle ? 'sr-only' : 'mb-4 pr-10 text-xl font-semibold text-navy-900'}>
            {title}
          </Dialog.Title>
          {description ? (
            <Dialog.Description className="mb-4 text-sm text-slate-600">{description}</Dialog.Description>
          ) : (
            <Dialog.Description className="sr-only">{title}</Dialog.Description>
          )}
          {children}
          {/* Last in the DOM so opening focuses the first field, first on screen (top right). */}
          <Dialog.Close
            className="absolute right-4 top-4 rounded-full p-2 text-slate-500 hover:bg-slate-100 hover:text-slate-800"
            aria-label="Close"
          >
            <span aria-hidden="true">✕</span>
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
