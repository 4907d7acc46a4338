import { SPLASH_MS } from '@vault/contract/constants';
import { useEffect, useState } from 'react';
import { LogoMark } from '../components/logo';

/** The 1-second splash at start (spec 1 §9); the app loads underneath meanwhile. */
export function SplashScreen() {
  const [shown, setShown] = useState(true);
  useEffect(() => {
    const timer = setTimeout(() => setShown(false), SPLASH_MS);
    return () => clearTimeout(timer);
  }, []);
  if (!shown) return null;
  return (
    <div
      role="status"
      aria-label="Loading the vault"
      className="fixed inset-0 z-[100] grid place-items-center bg-navy-900 text-white"
    >
      <div className="flex flex-col items-center gap-4">
        <LogoMark className="size-16 animate-pulse" />
        <span className="text-xl font-bold tracking-tight">Vault</span>
      </div>
    </div>
  );
}
