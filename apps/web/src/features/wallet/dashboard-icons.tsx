import { LineIcon } from '@vault/ui/line-icon';

/** Line icons of the wallet screens. */
const paths = {
  refresh: 'M20 11a8 8 0 0 0-14.9-3M4 4v4h4m-4 5a8 8 0 0 0 14.9 3M20 20v-4h-4',
  eye: 'M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12zm10 3a3 3 0 1 0 0-6 3 3 0 0 0 0 6z',
  eyeOff:
    'M3 3l18 18M10.6 5.1A10.8 10.8 0 0 1 12 5c6.4 0 10 7 10 7a17.6 17.6 0 0 1-3.2 4.1M6.6 6.6A17.3 17.3 0 0 0 2 12s3.6 7 10 7a9.7 9.7 0 0 0 5.4-1.6M9.9 9.9a3 3 0 0 0 4.2 4.2',
  back: 'M15 18l-6-6 6-6',
  empty: 'M3 7l9-4 9 4-9 4zm0 0v10l9 4 9-4V7M12 11v10',
} as const;

export type WalletIconName = keyof typeof paths;

export function WalletIcon({ name, className }: { name: WalletIconName; className?: string }) {
  return <LineIcon path={paths[name]} className={className} />;
}
