import { Button } from '@vault/ui/button';
import { Modal } from '@vault/ui/modal';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { getToken } from '../../lib/api';
import { AndroidApp, AppFeatures, Benefits } from './home-sections';
import { Icon } from './icons';
import { HeroArt } from './illustrations';
import { InfoModal } from './info-modal';
import { TokenCarousel } from './token-carousel';
import { VideoPlayer } from './video-player';
import { videos } from './videos';

/** The spec's marketing claims; the lead phrase is set large, the sentence reads as one. */
const claims = [
  { lead: '3-25%', rest: 'subscription for full project funding' },
  { lead: 'Up to 90%', rest: 'leverage on asset tokens' },
  { lead: 'More than 7 billion', rest: 'in assets under stewardship' },
];

function Hero({ onWatch }: { onWatch: () => void }) {
  const navigate = useNavigate();
  const signedIn = Boolean(getToken());
  return (
    <section className="relative overflow-hidden bg-navy-800 text-on-dark">
      <div aria-hidden="true" className="absolute -left-32 top-10 size-96 rounded-full bg-navy-700/60 blur-3xl" />
      <div aria-hidden="true" className="absolute -right-20 -bottom-20 size-96 rounded-full bg-primary/10 blur-3xl" />
      <div className="relative mx-auto grid max-w-6xl items-center gap-10 px-4 py-16 sm:px-6 sm:py-24 lg:grid-cols-2">
        <div>
          <p className="inline-block rounded-full border border-primary/40 bg-primary/10 px-3 py-1 text-xs font-semibold uppercase tracking-widest text-accent-on-dark">
            Private member association
          </p>
          <h1 className="mt-5 text-4xl font-bold leading-tight tracking-tight sm:text-5xl lg:text-display">
            Your private vault for <span className="text-accent-on-dark">dollars, silver and gold</span>
          </h1>
          <p className="mt-5 max-w-xl text-lg text-on-dark-muted">
            Hold Q, the vault dollar (1 Q = 1 USD), silver and gold asset tokens, and fractional opportunity tokens, all
            in one members-only vault.
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            {!signedIn && (
              <Button size="lg" onClick={() => navigate('/sign-up')} className="shadow-lg shadow-primary/20">
                Create New Account
              </Button>
            )}
            <Button variant="onDark" size="lg" onClick={onWatch}>
              <Icon name="play" className="size-5 text-accent-on-dark" />
              Watch Video
            </Button>
          </div>
        </div>
        <div className="flex justify-center">
          <HeroArt className="h-auto w-full max-w-[16rem] sm:max-w-md" />
        </div>
      </div>
    </section>
  );
}

function Claims() {
  return (
    <section aria-label="Vault in numbers" className="relative z-10 mx-auto -mt-10 max-w-6xl px-4 sm:px-6">
      <ul className="grid gap-4 rounded-2xl bg-surface p-6 shadow-xl ring-1 ring-navy-900/5 sm:grid-cols-3 sm:p-8">
        {claims.map((c) => (
          <li key={c.lead} className="text-center sm:border-l sm:border-line sm:first:border-l-0">
            <p className="text-ink-muted">
              <strong className="block text-3xl font-bold text-ink">{c.lead}</strong> {c.rest}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}

function QuickStart() {
  return (
    <section aria-labelledby="quick-start-title" className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
      <div className="grid items-center gap-10 lg:grid-cols-[2fr_3fr]">
        <div>
          <p className="text-sm font-semibold uppercase tracking-widest text-accent-text">Quick start</p>
          <h2 id="quick-start-title" className="mt-2 text-3xl font-bold text-ink sm:text-4xl">
            From sign-up to your first silver in minutes
          </h2>
          <p className="mt-3 text-ink-muted">
            This short video walks you through opening your vault, funding it with Q and holding silver and gold.
          </p>
        </div>
        <VideoPlayer video={videos.intro} />
      </div>
    </section>
  );
}

function ActivationBanner({ onApply }: { onApply: () => void }) {
  return (
    <section aria-labelledby="activation-title" className="mx-auto max-w-6xl px-4 sm:px-6">
      <div className="flex flex-col gap-6 rounded-3xl bg-primary-soft p-8 text-ink ring-1 ring-primary/40 sm:p-10 md:flex-row md:items-center md:justify-between">
        <div className="max-w-2xl">
          <h2 id="activation-title" className="text-2xl font-bold sm:text-3xl">
            Activate your vault
          </h2>
          <p className="mt-2 text-ink-muted">
            Activation needs a contribution worth at least <strong>21 silver asset tokens</strong> (21 oz of 0.999 fine
            silver). Asset tokens are held at least <strong>1 year and 1 day</strong> before they qualify for
            redemption.
          </p>
        </div>
        <Button size="lg" onClick={onApply} className="shrink-0">
          Apply Now
        </Button>
      </div>
    </section>
  );
}

/** Public home page (spec 1 §2 "/"): every section in the spec's order. */
export function HomePage() {
  const [videoOpen, setVideoOpen] = useState(false);
  const [infoOpen, setInfoOpen] = useState(false);
  return (
    <>
      <Hero onWatch={() => setVideoOpen(true)} />
      <Claims />
      <QuickStart />
      <ActivationBanner onApply={() => setInfoOpen(true)} />
      <TokenCarousel />
      <AppFeatures />
      <Benefits />
      <AndroidApp />

      <Modal open={videoOpen} onOpenChange={setVideoOpen} title={videos.intro.title} size="lg">
        <VideoPlayer video={videos.intro} autoPlay showSummary={false} />
      </Modal>
      <InfoModal open={infoOpen} onOpenChange={setInfoOpen} />
    </>
  );
}
