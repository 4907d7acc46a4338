/**
 * Decorative artwork drawn in SVG/CSS (no image files, nothing fetched). Hidden from screen readers. Its
 * colours are the design tokens (index.css), as CSS variables or utility classes.
 */

export function HeroArt({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 400 360" aria-hidden="true" focusable="false" className={className}>
      <defs>
        <linearGradient id="hero-gold" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="var(--color-primary-hover)" />
          <stop offset="1" stopColor="var(--color-focus)" />
        </linearGradient>
        <linearGradient id="hero-silver" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="var(--color-sunken)" />
          <stop offset="1" stopColor="var(--color-on-dark-subtle)" />
        </linearGradient>
      </defs>
      <circle cx="200" cy="170" r="150" className="fill-white" opacity="0.04" />
      {/* vault door */}
      <rect x="90" y="60" width="220" height="220" rx="28" className="fill-navy-700 stroke-primary" strokeWidth="3" />
      <circle cx="200" cy="170" r="78" className="fill-navy-900" stroke="url(#hero-gold)" strokeWidth="8" />
      <circle cx="200" cy="170" r="20" fill="url(#hero-gold)" />
      <g stroke="url(#hero-gold)" strokeWidth="8" strokeLinecap="round">
        <path d="M200 92v38M200 210v38M122 170h38M240 170h38" />
      </g>
      <rect x="100" y="110" width="10" height="30" rx="3" className="fill-primary" />
      <rect x="100" y="200" width="10" height="30" rx="3" className="fill-primary" />
      {/* coins */}
      <g>
        <ellipse cx="318" cy="292" rx="44" ry="14" className="fill-accent-text" />
        <rect x="274" y="266" width="88" height="26" className="fill-focus" />
        <ellipse cx="318" cy="266" rx="44" ry="14" fill="url(#hero-gold)" />
        <text x="318" y="271" textAnchor="middle" fontSize="14" fontWeight="700" className="fill-navy-900">
          Au
        </text>
      </g>
      <g>
        <ellipse cx="74" cy="300" rx="40" ry="13" className="fill-ink-subtle" />
        <rect x="34" y="278" width="80" height="22" className="fill-on-dark-subtle" />
        <ellipse cx="74" cy="278" rx="40" ry="13" fill="url(#hero-silver)" />
        <text x="74" y="283" textAnchor="middle" fontSize="13" fontWeight="700" className="fill-navy-900">
          Ag
        </text>
      </g>
      <g>
        <circle cx="330" cy="70" r="30" className="fill-chart-liquidity" />
        <circle cx="330" cy="70" r="23" fill="none" className="stroke-white/70" strokeWidth="2" />
        <text x="330" y="77" textAnchor="middle" fontSize="20" fontWeight="700" className="fill-white">
          Q
        </text>
      </g>
    </svg>
  );
}

/** A phone showing a miniature dashboard. */
export function PhoneArt() {
  return (
    <div aria-hidden="true" className="mx-auto w-60 rounded-[2.5rem] border-8 border-navy-900 bg-navy-900 shadow-2xl">
      <div className="overflow-hidden rounded-[1.9rem] bg-canvas">
        <div className="bg-navy-800 px-4 pt-6 pb-5 text-on-dark">
          <div className="mx-auto mb-4 h-1.5 w-16 rounded-full bg-white/20" />
          <p className="text-2xs uppercase tracking-wider text-on-dark-muted">Portfolio balance</p>
          <p className="text-2xl font-bold">$24,580.00</p>
          <p className="text-2xs text-success-on-dark">▲ 2.41% today</p>
        </div>
        <div className="space-y-2 p-3">
          {[
            ['Q', 'Vault dollar', 'bg-chart-liquidity text-white', '12,400.00'],
            ['Ag', 'Silver', 'bg-ink-subtle text-white', '210.00000'],
            ['Au', 'Gold', 'bg-primary text-on-primary', '3.25000'],
          ].map(([sym, name, badge, amount]) => (
            <div key={sym} className="flex items-center gap-2 rounded-xl bg-surface p-2 shadow-sm">
              <span className={`flex size-7 items-center justify-center rounded-full text-2xs font-bold ${badge}`}>
                {sym}
              </span>
              <span className="flex-1 text-xs font-medium text-ink">{name}</span>
              <span className="text-xs tabular-nums text-ink-muted">{amount}</span>
            </div>
          ))}
          <div className="grid grid-cols-4 gap-1 pt-1">
            {['Top-Up', 'Send', 'Swap', 'Redeem'].map((a) => (
              <span key={a} className="rounded-lg bg-navy-800 py-1.5 text-center text-[9px] font-medium text-on-dark">
                {a}
              </span>
            ))}
          </div>
        </div>
      </div>
    </div>
  );
}
