import { useLayoutEffect } from 'react';
import { useLocation } from 'react-router';

/** Every page opens at its top (spec 1 §2). */
export function ScrollToTop() {
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the path change is the trigger
  useLayoutEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}
