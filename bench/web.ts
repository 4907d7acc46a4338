/**
 * `npm run bench:web`: Lighthouse (mobile profile, its defaults: simulated slow 4G and a 4× slower CPU) on
 * the public site's `/` and `/about-us` and on a signed-in member's `/cryptocurrency`, `BENCH_WEB_RUNS`
 * runs each (default 3), printing per page the median Performance, Accessibility, Best practices and SEO
 * scores, LCP, TBT, CLS and the JavaScript the page downloads (gzip -9 of each script, and the bytes that
 * went over the wire). Aims (issue 9): Performance ≥ 95 on `/`, its JavaScript ≤ 150 KB gzip, LCP ≤ 2.5 s,
 * CLS ≤ 0.1. Not a test: it prints figures.
 *
 * Starts the server as its own process on a fresh database (DATABASE_URL's server, or embedded) with the
 * demo seed, builds the web app first when apps/web/dist is missing (WEB_DIST measures another build, as
 * it is), and drives Debian's chromium through puppeteer-core (Lighthouse's own driver). Runs offline:
 * Lighthouse reaches nothing but the local server (error reporting is its CLI's alone), and chromium runs
 * without background networking. TBT comes from CPU time measured on this machine (× 4): run it quiet.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import lighthouse, { type Flags, type Result } from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { createTestDatabase } from '../apps/server/test/test-database.ts';
import { CHROMIUM, CHROMIUM_FLAGS } from '../e2e/chromium.ts';
import { login, startServer } from './server.ts';

const RUNS = Number(process.env.BENCH_WEB_RUNS ?? 3);
const REPORTS = path.resolve('.test-artifacts/lighthouse');
/** The built web app the server sends: apps/web/dist (built when missing), or WEB_DIST's (to compare two builds). */
const WEB_DIST = path.resolve(process.env.WEB_DIST ?? 'apps/web/dist');

/** The pages measured (BENCH_WEB_PAGES=/,/about-us: some of them); `member` ones open with the demo member's session. */
const ONLY = process.env.BENCH_WEB_PAGES?.split(',');
const PAGES = [
  { path: '/', member: false },
  { path: '/about-us', member: false },
  { path: '/cryptocurrency', member: true },
].filter((page) => !ONLY || ONLY.includes(page.path));

/** The default mobile profile. Used as a module, Lighthouse reports no errors anywhere (only its CLI starts Sentry). */
const FLAGS: Flags = {
  logLevel: 'error',
  output: 'json',
  locale: 'en-US',
  onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
};

type NetworkRequest = { url: string; resourceType?: string; transferSize?: number; statusCode?: number };

/** The scripts the page downloaded: gzip -9 of each body (read again from the server) and bytes on the wire. */
async function scriptSizes(lhr: Result) {
  const details = lhr.audits['network-requests']?.details as { items?: NetworkRequest[] } | undefined;
  const scripts = (details?.items ?? []).filter((r) => r.resourceType === 'Script' && r.statusCode === 200);
  let gzip = 0;
  let wire = 0;
  for (const script of scripts) {
    const body = Buffer.from(
      await (await fetch(script.url, { headers: { 'accept-encoding': 'identity' } })).arrayBuffer(),
    );
    gzip += gzipSync(body, { level: 9 }).length;
    wire += script.transferSize ?? 0;
  }
  return { count: scripts.length, gzip, wire };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const score = (lhr: Result, id: string) => Math.round((lhr.categories[id]?.score ?? Number.NaN) * 100);
const metric = (lhr: Result, id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

if (!process.env.WEB_DIST && !existsSync(path.join(WEB_DIST, 'index.html'))) {
  console.log('apps/web/dist is missing: building the web app first');
  execFileSync('npm', ['run', 'build', '-w', 'apps/web'], { stdio: 'inherit' });
}

// The browser first: a missing chromium ends the run before a database or server exists (puppeteer closes
// the browser when the process exits).
const browser = await puppeteer.launch({
  executablePath: CHROMIUM,
  headless: true,
  defaultViewport: null,
  // As the browser tests launch it: nothing reaches the network but the pages themselves.
  args: CHROMIUM_FLAGS,
});
const database = await createTestDatabase('vault_bench_web');
const { base, stop } = await startServer(database.url, { env: { WEB_DIST } });
try {
  await mkdir(REPORTS, { recursive: true });
  const token = await login(base, 'member@vault.local', 'Member2026!');
  const rows: string[][] = [];
  for (const page of PAGES) {
    const runs: { lhr: Result; js: Awaited<ReturnType<typeof scriptSizes>> }[] = [];
    for (let run = 1; run <= RUNS; run++) {
      const tab = await browser.newPage();
      if (page.member) {
        // Signed in as the web app is: the bearer token in local storage, which Lighthouse's storage reset
        // leaves alone (it clears the HTTP cache, service workers and cache storage only).
        await tab.goto(`${base}/api/health`);
        await tab.evaluate((value) => localStorage.setItem('authToken', value), token);
      }
      const result = await lighthouse(`${base}${page.path}`, FLAGS, undefined, tab);
      await tab.close();
      if (!result) throw new Error(`Lighthouse gave no result for ${page.path}`);
      const { lhr } = result;
      if (lhr.runtimeError) throw new Error(`Lighthouse failed on ${page.path}: ${lhr.runtimeError.message}`);
      if (page.member && new URL(lhr.finalDisplayedUrl).pathname !== page.path)
        throw new Error(`${page.path} was not shown signed in (ended on ${lhr.finalDisplayedUrl})`);
      const name = page.path === '/' ? 'home' : page.path.slice(1);
      await writeFile(path.join(REPORTS, `${name}-${run}.json`), JSON.stringify(lhr));
      const js = await scriptSizes(lhr);
      runs.push({ lhr, js });
      console.log(
        `${page.path} run ${run}: performance ${score(lhr, 'performance')}, LCP ${Math.round(metric(lhr, 'largest-contentful-paint'))} ms, ` +
          `TBT ${Math.round(metric(lhr, 'total-blocking-time'))} ms, JS ${kb(js.gzip)} gzip`,
      );
    }
    const med = (f: (r: (typeof runs)[number]) => number) => median(runs.map(f));
    rows.push([
      page.path + (page.member ? ' (signed in)' : ''),
      String(med((r) => score(r.lhr, 'performance'))),
      String(med((r) => score(r.lhr, 'accessibility'))),
      String(med((r) => score(r.lhr, 'best-practices'))),
      String(med((r) => score(r.lhr, 'seo'))),
      `${(med((r) => metric(r.lhr, 'largest-contentful-paint')) / 1000).toFixed(2)} s`,
      `${Math.round(med((r) => metric(r.lhr, 'total-blocking-time')))} ms`,
      med((r) => metric(r.lhr, 'cumulative-layout-shift')).toFixed(3),
      `${kb(med((r) => r.js.gzip))} (${med((r) => r.js.count)} files)`,
      kb(med((r) => r.js.wire)),
    ]);
  }
  const head = ['page', 'perf', 'a11y', 'best', 'seo', 'LCP', 'TBT', 'CLS', 'JS gzip -9', 'JS on the wire'];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join('  ');
  console.log(`\nLighthouse ${RUNS} runs per page, mobile profile, medians (reports in ${REPORTS}):`);
  console.log(line(head));
  for (const row of rows) console.log(line(row));
  console.log('aims for /: performance ≥ 95, JS ≤ 150 KB gzip, LCP ≤ 2.5 s, CLS ≤ 0.1');
} finally {
  await browser.close();
  await stop();
  await database.drop();
}
