import { useQuery } from '@tanstack/react-query';
import { api, getToken } from '../../lib/api';
import { Icon, type IconName } from './icons';
import { PhoneArt } from './illustrations';

type Card = { icon: IconName; title: string; text: string };

const appFeatures: Card[] = [
  { icon: 'bell', title: 'Live notifications', text: 'Know the moment a transfer lands or a request is approved.' },
  { icon: 'trend', title: 'Real-time balances', text: 'Your portfolio and token prices update as they change.' },
  { icon: 'swap', title: 'Send and swap on the go', text: 'Move Q, silver and gold between wallets in a few taps.' },
  { icon: 'lock', title: 'Secure sign-in', text: 'Your session is tied to your device and can be revoked at once.' },
];

/** Exactly ten, as the spec's benefits grid asks. */
const benefits: Card[] = [
  { icon: 'dollar', title: 'A stable vault dollar', text: 'Q keeps its value: 1 Q = 1 USD, always.' },
  { icon: 'bars', title: 'Silver and gold backed', text: 'Asset tokens stand for 0.999 fine precious metal.' },
  {
    icon: 'layers',
    title: 'Fractional opportunities',
    text: 'Own part of an asset pool, from 1 of up to 1,000,000,000 units.',
  },
  { icon: 'trend', title: 'Royalties', text: 'Opportunity tokens share in the royalties of their pool.' },
  {
    icon: 'arrowUpRight',
    title: 'Up to 90% leverage',
    text: 'Put up to 90% of the value of your asset tokens to work.',
  },
  { icon: 'clock', title: 'Legacy accounts', text: 'Self-directed, retirement-style legacy tokens (sdira).' },
  { icon: 'shield', title: 'Private association', text: 'A members-only vault that keeps your affairs private.' },
  { icon: 'bank', title: 'Direct wire funding', text: 'Fund your vault straight from your bank account.' },
  { icon: 'send', title: 'Member to member', text: 'Send value to other members within seconds.' },
  { icon: 'chat', title: 'Real support', text: 'Talk to the association through built-in support chat.' },
];

function CardGrid({ cards, className }: { cards: Card[]; className: string }) {
  return (
    <ul className={className}>
      {cards.map((c) => (
        <li key={c.title} className="flex gap-4 rounded-2xl border border-line bg-surface p-5 shadow-sm sm:block">
          <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-navy-800 text-accent-on-dark">
            <Icon name={c.icon} className="size-6" />
          </span>
          <div>
            <h3 className="font-semibold text-ink sm:mt-4">{c.title}</h3>
            <p className="mt-1 text-sm text-ink-muted">{c.text}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}

export function AppFeatures() {
  return (
    <section aria-labelledby="app-features-title" className="bg-surface">
      <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 py-16 sm:px-6 lg:grid-cols-2">
        <div>
          <p className="text-sm font-semibold uppercase tracking-widest text-accent-text">Mobile app</p>
          <h2 id="app-features-title" className="mt-2 text-3xl font-bold text-ink sm:text-4xl">
            Your vault in your pocket
          </h2>
          <p className="mt-3 text-ink-muted">Everything the web vault does, wherever you are.</p>
          <CardGrid cards={appFeatures} className="mt-8 grid gap-4 sm:grid-cols-2" />
        </div>
        <PhoneArt />
      </div>
    </section>
  );
}

export function Benefits() {
  return (
    <section aria-labelledby="benefits-title" className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
      <div className="text-center">
        <p className="text-sm font-semibold uppercase tracking-widest text-accent-text">Benefits</p>
        <h2 id="benefits-title" className="mt-2 text-3xl font-bold text-ink sm:text-4xl">
          Why members choose Vault
        </h2>
      </div>
      <CardGrid cards={benefits} className="mt-10 grid gap-4 sm:grid-cols-2 lg:grid-cols-5" />
    </section>
  );
}

const FALLBACK_STORE_URL = 'https://play.google.com/store';

/**
 * The store address comes from the server's settings (androidAppUrl). Settings are a member call, so
 * visitors get the store's front page; the explicit token keeps a failure away from the app-wide 401 handler.
 */
function useAndroidAppUrl(): string {
  const token = getToken();
  const { data } = useQuery({
    enabled: Boolean(token),
    queryKey: ['settings', 'androidAppUrl'],
    queryFn: async () => {
      const res = await api<{ androidAppUrl?: string; data?: { androidAppUrl?: string } }>('settings', {
        token,
      });
      return res.data?.androidAppUrl ?? res.androidAppUrl ?? null;
    },
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  return data && /^https?:\/\//.test(data) ? data : FALLBACK_STORE_URL;
}

export function AndroidApp() {
  const storeUrl = useAndroidAppUrl();
  return (
    <section aria-labelledby="android-title" className="mx-auto max-w-6xl px-4 pb-16 sm:px-6">
      <div className="flex flex-col items-center gap-6 rounded-3xl bg-gradient-to-br from-navy-800 to-navy-900 px-6 py-12 text-center text-on-dark sm:px-12 md:flex-row md:text-left">
        <span className="flex size-16 shrink-0 items-center justify-center rounded-2xl bg-primary text-on-primary">
          <Icon name="android" className="size-9" />
        </span>
        <div className="flex-1">
          <h2 id="android-title" className="text-2xl font-bold sm:text-3xl">
            Get the Android app
          </h2>
          <p className="mt-2 text-on-dark-muted">Download Vault for Android and manage your tokens on the move.</p>
        </div>
        <a
          href={storeUrl}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex items-center gap-2 rounded-xl border border-white/30 bg-black px-5 py-3 font-semibold text-on-dark transition hover:border-primary"
        >
          <Icon name="play" className="size-5 text-accent-on-dark" />
          Get it on Google Play
          <span className="sr-only">(opens in a new tab)</span>
        </a>
      </div>
    </section>
  );
}
