import { useEffect, useRef } from 'react';

/** Runs `effect` once `value` has stayed the same for `ms` (a search box: the call goes when typing pauses). */
export function useDebouncedEffect<T>(value: T, ms: number, effect: (value: T) => void) {
  const latest = useRef(effect);
  latest.current = effect;
  useEffect(() => {
    const timer = setTimeout(() => latest.current(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
}
