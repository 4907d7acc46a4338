import { readLocal, writeLocal } from './local-store';

/** What counts as the member being there. Captured on the window, so scrolls inside panels count too. */
export const ACTIVITY_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'touchstart', 'wheel', 'scroll'] as const;

/** Tabs of one browser share one session, so they share the time of the last activity too. */
export const LAST_ACTIVITY_KEY = 'lastActivityAt';
/** How often a busy tab writes that time: often enough for other tabs, rarely enough for pointermove. */
const SHARE_EVERY_MS = 10_000;

type Listenable = Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;
type Options = { timeoutMs: number; onIdle: () => void; target?: Listenable };

/**
 * Calls `onIdle` once when nobody has used the page, in this tab or another tab of the same browser,
 * for `timeoutMs`. The server also ends idle sessions, but the notification bell's polling would keep
 * a forgotten tab's session alive. Activity only records a time (cheap enough for pointermove); one timer
 * checks that time when it would be due and sleeps again for the rest. Activity that comes after the
 * timeout (a laptop waking up before the late timer ran) does not revive the session.
 * Returns the function that stops watching.
 */
export function watchIdle({ timeoutMs, onIdle, target = window }: Options): () => void {
  let last = Date.now();
  let sharedAt = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let done = false;
  const listenerOptions = { capture: true, passive: true } as const;

  const lastActivity = () => Math.max(last, Number(readLocal(LAST_ACTIVITY_KEY)) || 0);
  const share = () => {
    if (last - sharedAt < SHARE_EVERY_MS) return;
    sharedAt = last;
    writeLocal(LAST_ACTIVITY_KEY, String(last));
  };

  const stop = () => {
    done = true;
    clearTimeout(timer);
    for (const type of ACTIVITY_EVENTS) target.removeEventListener(type, onActivity, listenerOptions);
  };
  const check = () => {
    if (done) return;
    const idleFor = Date.now() - lastActivity();
    if (idleFor < timeoutMs) {
      timer = setTimeout(check, timeoutMs - idleFor);
      return;
    }
    stop();
    onIdle();
  };
  function onActivity() {
    if (Date.now() - lastActivity() >= timeoutMs) return check();
    last = Date.now();
    share();
  }

  for (const type of ACTIVITY_EVENTS) target.addEventListener(type, onActivity, listenerOptions);
  share();
  timer = setTimeout(check, timeoutMs);
  return stop;
}
