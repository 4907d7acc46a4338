import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';
import type { ExternalToast, ToasterProps } from 'sonner';

/*
 * Toasts, with sonner downloaded on the first one rather than with the page (issue 9: the public site's
 * first load; most visits show none). `toast` has sonner's calls that the app uses; <Toasts> stands where
 * sonner's <Toaster> stood and mounts it when the first toast is asked for, which is shown as soon as the
 * Toaster listens (toasts sent before that would be lost). Order is kept: each waits on the same promise.
 */

type Sonner = typeof import('sonner');

let wanted = false;
const listeners = new Set<() => void>();
let announceReady: () => void = () => {};
const ready = new Promise<void>((resolve) => {
  announceReady = resolve;
});
let sonner: Promise<Sonner> | undefined;
const loadSonner = () => {
  sonner ??= import('sonner');
  return sonner;
};

function show(send: (s: Sonner) => void) {
  const loading = loadSonner();
  if (!wanted) {
    wanted = true;
    for (const listener of listeners) listener();
  }
  // A toast that cannot be shown (its code did not download) is not worth an error of its own.
  Promise.all([loading, ready])
    .then(([s]) => send(s))
    .catch(() => {});
}

type Message = Parameters<Sonner['toast']>[0];

export const toast = Object.assign((message: Message, data?: ExternalToast) => show((s) => s.toast(message, data)), {
  success: (message: Message, data?: ExternalToast) => show((s) => s.toast.success(message, data)),
  error: (message: Message, data?: ExternalToast) => show((s) => s.toast.error(message, data)),
  info: (message: Message, data?: ExternalToast) => show((s) => s.toast.info(message, data)),
});

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

const Toaster = lazy(async () => {
  const { Toaster: SonnerToaster } = await loadSonner();
  return {
    default: (props: ToasterProps) => {
      // After sonner's own effect (a child's runs first): the Toaster listens now.
      useEffect(() => announceReady(), []);
      return <SonnerToaster {...props} />;
    },
  };
});

/** Where toasts appear; renders nothing until the first toast. */
export function Toasts(props: ToasterProps) {
  const shown = useSyncExternalStore(
    subscribe,
    () => wanted,
    () => false,
  );
  if (!shown) return null;
  return (
    <Suspense fallback={null}>
      <Toaster {...props} />
    </Suspense>
  );
}
