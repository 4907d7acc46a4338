import { SPLASH_MS } from '@vault/contract/constants';
import { useEffect } from 'react';

/**
 * The start-up splash (spec 1 §9) is index.html's #splash, painted before any script arrives (issue 9: the
 * first paint waits for nothing but the page and its stylesheet). Once the app runs, this takes it away
 * when it has been up SPLASH_MS, counted from the first paint; an app that arrives later than that takes
 * it away at once, so the splash covers the whole wait and never less than the spec's second.
 */
export function SplashScreen() {
  useEffect(() => {
    const splash = document.getElementById('splash');
    if (!splash) return;
    const shownAt = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0;
    const timer = setTimeout(() => splash.remove(), Math.max(0, SPLASH_MS - (performance.now() - shownAt)));
    return () => clearTimeout(timer);
  }, []);
  return null;
}
