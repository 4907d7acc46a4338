import { Link } from 'react-router';

/** The vault's mark (the same drawing as the public site's), inline so nothing is fetched. */
export function LogoMark({ className = 'size-8' }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" focusable="false" className={className}>
      <rect x="2" y="2" width="28" height="28" rx="7" className="fill-primary" />
      <circle cx="16" cy="16" r="8" fill="none" className="stroke-navy-900" strokeWidth="2.5" />
      <circle cx="16" cy="16" r="2.5" className="fill-navy-900" />
      <path d="M16 8v3M16 21v3M8 16h3M21 16h3" className="stroke-navy-900" strokeWidth="2.5" strokeLinecap="round" />
    </svg>
  );
}

/** Mark and word, linking home (or to `to`). */
export function Logo({ to = '/', tone = 'light' }: { to?: string; tone?: 'light' | 'dark' }) {
  return (
    <Link to={to} className="flex items-center gap-2 rounded-md" aria-label="Vault home">
      <LogoMark />
      <span className={`text-xl font-bold tracking-tight ${tone === 'light' ? 'text-on-dark' : 'text-ink'}`}>
        Vault
      </span>
    </Link>
  );
}
