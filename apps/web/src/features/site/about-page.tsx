import { PageHeader } from './page-header';
import { VideoPlayer } from './video-player';
import { videos } from './videos';

const stats = [
  { value: 'More than 7 billion', label: 'in assets under stewardship' },
  { value: '1 Q = 1 USD', label: 'the vault dollar keeps its value' },
  { value: '0.999 fine', label: 'silver and gold behind every asset token' },
];

/** Public about page (spec 1 §2 "/about-us"): story, three stat cards, a video. */
export function AboutPage() {
  return (
    <>
      <PageHeader eyebrow="About us" title="A vault built by its members">
        <p>We bring people together to keep, grow and pass on real wealth, privately.</p>
      </PageHeader>

      <section aria-labelledby="story-title" className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
        <div className="grid gap-12 lg:grid-cols-2">
          <div>
            <h2 id="story-title" className="text-3xl font-bold text-ink">
              Our story
            </h2>
            <div className="mt-4 space-y-4 leading-relaxed text-ink-muted">
              <p>
                Vault began as a handful of families who wanted a better way to hold what they had worked for: money
                they could move freely, and metal they could trust. They formed a private member association so that
                members could deal with one another directly, on terms they chose together.
              </p>
              <p>
                Today every member holds Q, the vault dollar worth exactly one US dollar, alongside silver and gold
                asset tokens backed by 0.999 fine metal. Members can also join opportunity pools, real assets divided
                into fractional units that share in their royalties, and keep self-directed legacy accounts for the
                years ahead.
              </p>
              <p>
                We believe in the long view. That is why asset tokens are held at least a year and a day before
                redemption, and why every vault starts with a contribution worth 21 ounces of silver.
              </p>
            </div>
          </div>
          <VideoPlayer video={videos.about} />
        </div>
      </section>

      <section aria-labelledby="stats-title" className="bg-surface">
        <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
          <h2 id="stats-title" className="sr-only">
            Vault in numbers
          </h2>
          <ul className="grid gap-6 sm:grid-cols-3">
            {stats.map((s) => (
              <li key={s.value} className="rounded-2xl border-t-4 border-primary bg-canvas p-6 shadow-sm">
                <p className="text-ink-muted">
                  <strong className="block text-3xl font-bold text-ink">{s.value}</strong> {s.label}
                </p>
              </li>
            ))}
          </ul>
        </div>
      </section>
    </>
  );
}
