import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The design tokens (packages/ui/src/theme.css @theme, docs/ui.md): the text and background pairs the screens
 * use reach WCAG AA, and no source file of either app (member app, back office) or of this package uses a
 * colour of its own, so every screen draws from the tokens.
 */

const ROOT = path.resolve(import.meta.dirname, '../../..');
const css = readFileSync(path.join(ROOT, 'packages/ui/src/theme.css'), 'utf8');
/** Every folder of screen code that draws with the tokens. */
const SOURCES = ['apps/web/src', 'apps/admin/src', 'packages/ui/src'];

/** Colour tokens of the @theme block: name (without --color-) → #rrggbb. */
const tokens = new Map(
  [...css.matchAll(/^\s*--color-([a-z0-9-]+):\s*(#[0-9a-f]{6})\s*;/gim)].map((m) => [m[1]!, m[2]!.toLowerCase()]),
);

/** WCAG 2 relative luminance of #rrggbb. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/** WCAG 2 contrast ratio of two colours, 1 to 21. */
function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

const TEXT = 4.5;
/** Non-text: the focus ring, status dots (WCAG 1.4.11). */
const UI = 3;

/** [foreground token, background token, least ratio]: every pair the screens put together. */
const PAIRS: [string, string, number][] = [
  // The one call to action.
  ['on-primary', 'primary', TEXT],
  ['on-primary', 'primary-hover', TEXT],
  // Text on light surfaces.
  ...['surface', 'canvas', 'sunken', 'primary-soft'].flatMap((bg): [string, string, number][] => [
    ['ink', bg, TEXT],
    ['ink-muted', bg, TEXT],
    ['ink-subtle', bg, TEXT],
    ['accent-text', bg, TEXT],
  ]),
  ['ink-muted', 'line', TEXT],
  // Text on navy.
  ...['navy-950', 'navy-900', 'navy-800'].flatMap((bg): [string, string, number][] => [
    ['on-dark', bg, TEXT],
    ['on-dark-muted', bg, TEXT],
    ['on-dark-subtle', bg, TEXT],
    ['accent-on-dark', bg, TEXT],
    ['success-on-dark', bg, TEXT],
    ['danger-on-dark', bg, TEXT],
    ['warning-on-dark', bg, UI],
  ]),
  ['on-dark-muted', 'navy-700', TEXT],
  // Status text on its soft background and on white; the danger button.
  ...['success', 'danger', 'warning', 'info'].flatMap((status): [string, string, number][] => [
    [status, `${status}-soft`, TEXT],
    [status, 'surface', TEXT],
    [status, 'canvas', TEXT],
  ]),
  ['white', 'danger', TEXT],
  ['white', 'danger-hover', TEXT],
  // The focus ring, wherever a focusable element stands.
  ...['surface', 'canvas', 'sunken', 'navy-950', 'navy-900', 'navy-800', 'navy-700'].map(
    (bg): [string, string, number] => ['focus', bg, UI],
  ),
];

describe('design tokens', () => {
  it('defines the colours of theme.css as hex values', () => {
    expect(tokens.size).toBeGreaterThan(30);
    for (const name of ['primary', 'on-primary', 'ink', 'canvas', 'surface', 'focus'])
      expect(tokens.has(name)).toBe(true);
  });

  it('meets WCAG AA for every text and background pair the screens use', () => {
    const failures = PAIRS.flatMap(([fg, bg, min]) => {
      const [a, b] = [tokens.get(fg), tokens.get(bg)];
      if (!a || !b) return [`${fg} on ${bg}: not a token`];
      const ratio = contrast(a, b);
      return ratio >= min ? [] : [`${fg} on ${bg}: ${ratio.toFixed(2)}:1, needs ${min}:1`];
    });
    expect(failures).toEqual([]);
  });
});

/** Tailwind's default palette (switched off in theme.css) and the old brand names. */
const PALETTE =
  'slate|gray|zinc|neutral|stone|red|orange|amber|yellow|lime|green|emerald|teal|cyan|sky|blue|indigo|violet|purple|fuchsia|pink|rose|brand|gold';
/** Utilities that take a colour. */
const UTILITY =
  'bg|text|border(?:-[xytrblse])?|ring(?:-offset)?|outline|divide|from|via|to|fill|stroke|(?:inset-|drop-|text-)?shadow|placeholder|accent|decoration|caret';
const paletteClass = new RegExp(`(?<![\\w-])(?:${UTILITY})-(?:${PALETTE})(?:-\\d{2,3})?(?:/\\d+)?(?![\\w-])`, 'g');
/** A class naming one of our colour families: the name must be a token (catches `text-ink-mute`, `bg-navy-100`). */
const FAMILIES =
  'navy|primary|accent|ink|on-dark|on-primary|surface|canvas|sunken|line|success|danger|warning|info|focus|chart';
const tokenClass = new RegExp(`(?<![\\w-])(?:${UTILITY})-((?:${FAMILIES})(?:-[a-z0-9]+)*)(?:/\\d+)?(?![\\w-])`, 'g');
const hexColour = /#(?:[0-9a-f]{8}|[0-9a-f]{6}|[0-9a-f]{3,4})(?![\w-])/gi;
const colourFunction = /\b(?:rgba?|hsla?|hwb|lab|lch|oklab|oklch)\(/g;

/**
 * Lines allowed a colour of their own, with the reason. The signature pad draws the stored image (a
 * 1285 × 100 PNG kept with the membership application): navy ink on white, whatever the theme.
 */
const ALLOWED: { file: string; line: string; why: string }[] = [
  {
    file: 'apps/web/src/components/signature-pad.tsx',
    line: "const PEN = '#0b1e33';",
    why: 'the stored signature image',
  },
  {
    file: 'apps/web/src/components/signature-pad.tsx',
    line: "ctx.fillStyle = '#ffffff';",
    why: 'the stored signature image',
  },
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry.name) ? [full] : [];
  });
}

/** Every use of a colour outside the tokens in the sources under `dir`, as `file:line: what` (from the repository root). */
function rawColours(dir: string, known: ReadonlySet<string>): string[] {
  return sourceFiles(path.join(ROOT, dir)).flatMap((file) => {
    const rel = path.relative(ROOT, file).split(path.sep).join('/');
    return readFileSync(file, 'utf8')
      .split('\n')
      .flatMap((line, i) => {
        if (ALLOWED.some((a) => a.file === rel && line.trim() === a.line)) return [];
        const found = [
          ...[...line.matchAll(paletteClass)].map((m) => `palette class ${m[0]}`),
          ...[...line.matchAll(tokenClass)].filter((m) => !known.has(m[1]!)).map((m) => `unknown token ${m[0]}`),
          ...[...line.matchAll(hexColour)].map((m) => `hex colour ${m[0]}`),
          ...[...line.matchAll(colourFunction)].map((m) => `colour function ${m[0]}`),
        ];
        return found.map((what) => `${rel}:${i + 1}: ${what}`);
      });
  });
}

describe('no raw colours', () => {
  it('every colour in the apps and the shared components is a token of theme.css', () => {
    const known = new Set(tokens.keys());
    expect(SOURCES.flatMap((dir) => rawColours(dir, known))).toEqual([]);
    // The back office is scanned too (an empty folder would pass without it).
    expect(sourceFiles(path.join(ROOT, 'apps/admin/src')).length).toBeGreaterThan(5);
  });

  it('finds palette classes, unknown tokens, hex colours and colour functions', () => {
    const line = (text: string) =>
      [paletteClass, tokenClass, hexColour, colourFunction].some((re) =>
        [...text.matchAll(re)].some((m) => re !== tokenClass || !tokens.has(m[1]!)),
      );
    expect(line('className="bg-slate-50 p-4"')).toBe(true);
    expect(line('hover:text-brand-600')).toBe(true);
    expect(line('ring-amber-600/20')).toBe(true);
    expect(line('text-ink-mute')).toBe(true);
    expect(line("fill: '#64748b'")).toBe(true);
    expect(line('rgb(0 0 0 / 0.1)')).toBe(true);
    expect(line('className="bg-surface text-ink ring-line hover:bg-primary-hover ring-danger/20"')).toBe(false);
    expect(line('className="text-sm text-center border-2 ring-1 shadow-sm to-transparent"')).toBe(false);
    expect(line('/^#[0-9a-f]{3,8}$/i.test(color)')).toBe(false);
  });
});
