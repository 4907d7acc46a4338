import { LineIcon } from '@vault/ui/line-icon';

/** Line icons for the side menu, drawn inline so nothing is fetched. */
const paths = {
  dashboard: 'M3 13h8V3H3zm10 8h8V11h-8zM3 21h8v-6H3zm10-18v6h8V3z',
  vest: 'M3 17l6-6 4 4 8-8M15 7h6v6',
  connect: 'M21 12a8 8 0 0 1-11.6 7.1L3 21l1.9-6.4A8 8 0 1 1 21 12z',
  account: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zm-8 9a8 8 0 0 1 16 0',
  remittance: 'M3 10h18M5 10v8m4-8v8m6-8v8m4-8v8M3 21h18M12 3l9 5H3z',
  profile: 'M9 12h6m-6 4h6M7 3h7l5 5v13H7zM14 3v5h5',
  subscription: 'M4 7h16v12H4zM4 11h16M8 3v4m8-4v4',
  support: 'M4 14v-2a8 8 0 0 1 16 0v2M4 14h3v6H4zm13 0h3v6h-3z',
  external: 'M14 4h6v6m0-6L10 14M18 14v6H4V6h6',
  logout: 'M15 4h4v16h-4M10 8l-4 4 4 4M6 12h10',
  menu: 'M4 6h16M4 12h16M4 18h16',
} as const;

export type MenuIconName = keyof typeof paths;

export function MenuIcon({ name, className }: { name: MenuIconName; className?: string }) {
  return <LineIcon path={paths[name]} className={className} />;
}
