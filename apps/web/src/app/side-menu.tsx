import { NavLink, useLocation } from 'react-router';
import { MenuIcon, type MenuIconName } from './menu-icons';

/** Side menu entries by id, in the order of spec 1 §2; `also`: other screens of the same section. */
const entries: { id: string; label: string; to: string; icon: MenuIconName; also?: string[] }[] = [
  { id: 'cryptocurrency', label: 'Dashboard', to: '/cryptocurrency', icon: 'dashboard' },
  {
    id: 'marketplace',
    label: 'CQR Vest',
    to: '/marketplace',
    icon: 'vest',
    also: ['/silent-wave', '/marketplace-details', '/own-add-details', '/my-assets'],
  },
  { id: 'inbox', label: 'CQR Connect', to: '/inbox', icon: 'connect' },
  { id: 'settings', label: 'Account Info', to: '/settings', icon: 'account' },
  { id: 'remittance', label: 'Remittance', to: '/remittance', icon: 'remittance' },
  { id: 'profile', label: 'Profile', to: '/profile', icon: 'profile' },
  {
    id: 'subscription',
    label: 'Subscription',
    to: '/subscription',
    icon: 'subscription',
    also: ['/subscription-history'],
  },
  { id: 'chat', label: 'Support', to: '/chat', icon: 'support' },
];

// The spec's external links; until their documents exist they open the public pages that hold the answers.
const externalLinks = [
  { label: 'Tutorials', href: '/faq' },
  { label: 'Privacy Policy', href: '/about-us' },
  { label: 'Shared Expenses', href: '/about-us' },
  { label: 'Terms & Conditions', href: '/about-us' },
];

const itemClass = 'flex w-full items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium transition-colors';

export function SideMenu({ onLogout, onNavigate }: { onLogout: () => void; onNavigate?: () => void }) {
  const { pathname } = useLocation();
  return (
    <nav aria-label="Main menu" className="flex flex-1 flex-col gap-6">
      <ul className="space-y-1">
        {entries.map((entry) => (
          <li key={entry.id}>
            <NavLink
              to={entry.to}
              onClick={onNavigate}
              className={({ isActive }) =>
                `${itemClass} ${isActive || entry.also?.includes(pathname) ? 'bg-white/10 text-accent-on-dark' : 'text-on-dark-muted hover:bg-white/5 hover:text-on-dark'}`
              }
            >
              <MenuIcon name={entry.icon} />
              {entry.label}
            </NavLink>
          </li>
        ))}
      </ul>
      <ul className="space-y-1 border-t border-white/10 pt-4">
        {externalLinks.map((link) => (
          <li key={link.label}>
            <a
              href={link.href}
              target="_blank"
              rel="noopener noreferrer"
              className={`${itemClass} text-on-dark-subtle hover:bg-white/5 hover:text-on-dark`}
            >
              <MenuIcon name="external" className="size-4" />
              {link.label}
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          </li>
        ))}
      </ul>
      <div className="mt-auto border-t border-white/10 pt-4">
        <button
          type="button"
          onClick={onLogout}
          className={`${itemClass} text-on-dark-muted hover:bg-white/5 hover:text-on-dark`}
        >
          <MenuIcon name="logout" />
          Logout
        </button>
      </div>
    </nav>
  );
}
