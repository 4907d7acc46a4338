import type { SVGProps } from 'react';

/** Stroke icons drawn inline (24×24 grid) so the site needs no icon font or CDN. Decorative by default. */
const paths = {
  menu: 'M4 6h16M4 12h16M4 18h16',
  close: 'M6 6l12 12M18 6L6 18',
  play: 'M8 5v14l11-7z',
  chevronLeft: 'M15 18l-6-6 6-6',
  chevronRight: 'M9 6l6 6-6 6',
  pause: 'M9 5v14M15 5v14',
  dollar: 'M12 3v18M16.5 7.5c0-1.7-2-3-4.5-3s-4.5 1.3-4.5 3 2 2.7 4.5 3.2 4.5 1.6 4.5 3.3-2 3-4.5 3-4.5-1.3-4.5-3',
  bars: 'M3 20h18M5 17l2-8h10l2 8M8 9l1.5-4h5L16 9',
  layers: 'M12 3l9 5-9 5-9-5 9-5zM3 13l9 5 9-5',
  shield: 'M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6l8-3zM9 12l2 2 4-4',
  trend: 'M3 17l6-6 4 4 8-8M15 7h6v6',
  lock: 'M6 11h12v10H6zM8 11V7a4 4 0 018 0v4',
  bank: 'M3 10l9-6 9 6M5 10v8M9.5 10v8M14.5 10v8M19 10v8M3 21h18',
  send: 'M21 3L10 14M21 3l-7 18-4-7-7-4 18-7z',
  swap: 'M7 4L3 8l4 4M3 8h14M17 12l4 4-4 4M21 16H7',
  store: 'M4 7h16l-1 13H5L4 7zM9 7V5a3 3 0 016 0v2',
  chat: 'M4 5h16v11H9l-5 4V5z',
  bell: 'M6 16V11a6 6 0 0112 0v5l2 2H4l2-2zM10 21h4',
  phone: 'M8 2h8a2 2 0 012 2v16a2 2 0 01-2 2H8a2 2 0 01-2-2V4a2 2 0 012-2zM11 18h2',
  key: 'M8 20a4 4 0 100-8 4 4 0 000 8zM11 13l9-9M17 7l2 2M14.5 9.5l2 2',
  arrowUpRight: 'M7 17L17 7M9 7h8v8',
  clock: 'M12 21a9 9 0 100-18 9 9 0 000 18zM12 7v5l3 3',
  users: 'M9 11a4 4 0 100-8 4 4 0 000 8zM2 21a7 7 0 0114 0M16 3.5a4 4 0 010 7M18 14a6 6 0 014 7',
  mail: 'M3 5h18v14H3zM3 6l9 7 9-7',
  doc: 'M6 2h9l5 5v15H6zM14 2v6h6M9 13h8M9 17h8',
  android: 'M4 18a8 8 0 0116 0zM8 11.5L6 8M16 11.5L18 8M9 15h.01M15 15h.01',
  globe: 'M12 21a9 9 0 100-18 9 9 0 000 18zM3 12h18M12 3c3 3 3 15 0 18M12 3c-3 3-3 15 0 18',
  at: 'M16 12a4 4 0 11-8 0 4 4 0 018 0zM16 12v1.5a2.5 2.5 0 005 0V12a9 9 0 10-4 7.5',
  video: 'M3 6h13v12H3zM16 10l5-3v10l-5-3',
} as const;

export type IconName = keyof typeof paths;

export function Icon({ name, className = 'size-5', ...rest }: { name: IconName } & SVGProps<SVGSVGElement>) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      className={className}
      {...rest}
    >
      <path d={paths[name]} />
    </svg>
  );
}
