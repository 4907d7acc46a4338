/** Decorative artwork drawn in SVG/CSS (no image files, nothing fetched). Hidden from screen readers. */

export function HeroArt({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 400 360" aria-hidden="true" focusable="false" className={className}>
      <defs>
        <linearGradient id="hero-gold" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#f3dc8a" />
          <stop offset="1" stopColor="#b8922a" />
        </linearGradient>
        <linearGradient id="hero-silver" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#f1f5f9" />
          <stop offset="1" stopColor="#94a3b8" />
        </linearGradient>
      </defs>
      <circle cx="200" cy="170" r="150" fill="#ffffff" opacity="0.04" />
      {/* vault door */}
      <rect x="90" y="60" width="220" height="220" rx="28" fill="#13365a" stroke="#d4af37" strokeWidth="3" />
      <circle cx="200" cy="170" r="78" fill="#0b1e33" stroke="url(#hero-gold)" strokeWidth="8" />
      <circle cx="200" cy="170" r="20" fill="url(#hero-gold)" />
      <g stroke="url(#hero-gold)" strokeWidth="8" strokeLinecap="round">
        <path d="M200 92v38M200 210v38M122 170h38M240 170h38" />
      </g>
      <rect x="100" y="110" width="10" height="30" rx="3" fill="#d4af37" />
      <rect x="100" y="200" width="10" height="30" rx="3" fill="#d4af37" />
      {/* coins */}
      <g>
        <ellipse cx="318" cy="292" rx="44" ry="14" fill="#8a6d1f" />
        <rect x="274" y="266" width="88" height="26" fill="#b8922a" />
        <ellipse cx="318" cy="266" rx="44" ry="14" fill="url(#hero-gold)" />
        <text x="318" y="271" textAnchor="middle" fontSize="14" fontWeight="700" fill="#5c4812">
          Au
        </text>
      </g>
      <g>
        <ellipse cx="74" cy="300" rx="40" ry="13" fill="#64748b" />
        <rect x="34" y="278" width="80" height="22" fill="#94a3b8" />
        <ellipse cx="74" cy="278" rx="40" ry="13" fill="url(#hero-silver)" />
        <text x="74" y="283" textAnchor="middle" fontSize="13" fontWeight="700" fill="#334155">
          Ag
        </text>
      </g>
      <g>
        <circle cx="330" cy="70" r="30" fill="#1f6feb" />
        <circle cx="330" cy="70" r="23" fill="none" stroke="#d9eaff" strokeWidth="2" />
        <text x="330" y="77" textAnchor="middle" fontSize="20" fontWeight="700" fill="#fff">
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
      <div className="overflow-hidden rounded-[1.9rem] bg-slate-50">
        <div className="bg-navy-800 px-4 pt-6 pb-5 text-white">
          <div className="mx-auto mb-4 h-1.5 w-16 rounded-full bg-white/20" />
          <p className="text-[10px] uppercase tracking-wider text-slate-300">Portfolio balance</p>
          <p className="text-2xl font-bold">$24,580.00</p>
          <p className="text-[10px] text-emerald-300">▲ 2.41% today</p>
        </div>
        <div className="space-y-2 p-3">
          {[
            ['Q', 'Vault dollar', '#1f6feb', '12,400.00'],
            ['Ag', 'Silver', '#94a3b8', '210.00000'],
            ['Au', 'Gold', '#d4af37', '3.25000'],
          ].map(([sym, name, color, amount]) => (
            <div key={sym} className="flex items-center gap-2 rounded-xl bg-white p-2 shadow-sm">
              <span
                className="flex size-7 items-center justify-center rounded-full text-[10px] font-bold text-white"
                style={{ backgroundColor: color }}
              >
                {sym}
              </span>
              <span className="flex-1 text-xs font-medium text-navy-900">{name}</span>
              <span className="text-xs tabular-nums text-slate-600">{amount}</span>
            </div>
          ))}
          <div className="grid grid-cols-4 gap-1 pt-1">
            {['Top-Up', 'Send', 'Swap', 'Redeem'].map((a) => (
              <span key={a} className="rounded-lg bg-navy-800 py-1.5 text-center text-[9px] font-medium text-white">
                {a}
              </span>
            ))}
          </div>
        </div>
      </div>
    </div>
  );
}
