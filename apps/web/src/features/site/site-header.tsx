import { buttonClass } from '@vault/ui/button';
import { LogoMark } from '@vault/ui/logo';
import { useEffect, useRef, useState } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import { getToken } from '../../lib/api';
import { Icon } from './icons';

const links = [
  { to: '/', label: 'Home' },
  { to: '/about-us', label: 'About' },
  { to: '/faq', label: 'FAQ' },
  { to: '/contact-us', label: 'Contact' },
];

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-3 py-2 font-medium transition ${
    isActive ? 'text-accent-on-dark' : 'text-on-dark-muted hover:bg-white/10 hover:text-on-dark'
  }`;

/** Public top bar. Login becomes Dashboard when a session token is stored (spec 1 §1). */
export function SiteHeader() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  // the menu remembers the page it was opened on, so any navigation closes it without an effect
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const setOpen = (next: boolean) => setOpenOn(next ? pathname : null);
  const menuButton = useRef<HTMLButtonElement>(null);
  // read on every render: the header re-renders on each navigation, which is when login/logout land
  const signedIn = Boolean(getToken());

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setOpenOn(null);
        menuButton.current?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  const account = signedIn ? (
    <button type="button" onClick={() => navigate('/cryptocurrency')} className={buttonClass('primary', 'sm')}>
      Dashboard
    </button>
  ) : (
    <button type="button" onClick={() => navigate('/sign-in')} className={buttonClass('primary', 'sm')}>
      Login
    </button>
  );

  return (
    <header className="sticky top-0 z-30 border-b border-white/10 bg-navy-900/95 text-on-dark backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        <Link to="/" className="flex items-center gap-2 rounded-md text-xl font-bold tracking-tight">
          <LogoMark />
          <span>Vault</span>
        </Link>

        <nav aria-label="Main" className="hidden md:block">
          <ul className="flex items-center gap-1">
            {links.map((l) => (
              <li key={l.to}>
                <NavLink to={l.to} end className={(s) => `text-sm ${linkClass(s)}`}>
                  {l.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>

        <div className="flex items-center gap-2">
          {account}
          <button
            ref={menuButton}
            type="button"
            className="rounded-md p-2 text-on-dark-muted hover:bg-white/10 md:hidden"
            aria-expanded={open}
            aria-controls="site-mobile-menu"
            onClick={() => setOpen(!open)}
          >
            <span className="sr-only">{open ? 'Close menu' : 'Open menu'}</span>
            <Icon name={open ? 'close' : 'menu'} className="size-6" />
          </button>
        </div>
      </div>

      {open && (
        <nav id="site-mobile-menu" aria-label="Main" className="border-t border-white/10 md:hidden">
          <ul className="mx-auto flex max-w-6xl flex-col gap-1 px-4 py-3">
            {links.map((l) => (
              <li key={l.to}>
                <NavLink to={l.to} end className={(s) => `block text-base ${linkClass(s)}`}>
                  {l.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      )}
    </header>
  );
}
