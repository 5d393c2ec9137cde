import { useEffect, useRef, useState } from 'react';

/** Routing constants: a loader appears after 1000 ms of pending work and stays at least 500 ms. */
export const PENDING_DELAY_MS = 1000;
export const PENDING_MIN_DURATION_MS = 500;

export interface DelayedPendingOptions {
  /** How long work must stay pending before the indicator shows. */
  delay?: number;
  /** Once shown, the indicator stays at least this long, so it never flickers. */
  minDuration?: number;
}

/**
 * Turns a raw "is pending" flag into "should the loader be visible": quick work never shows a loader,
 * and a loader that appeared does not vanish a few milliseconds later.
 */
export function useDelayedPending(
  isPending: boolean,
  { delay = PENDING_DELAY_MS, minDuration = PENDING_MIN_DURATION_MS }: DelayedPendingOptions = {},
): boolean {
  const [isShown, setIsShown] = useState(false);
  const shownAt = useRef<number | null>(null);

  useEffect(() => {
    if (isPending && !isShown) {
      const showTimer = setTimeout(() => {
        shownAt.current = Date.now();
        setIsShown(true);
      }, delay);
      return () => clearTimeout(showTimer);
    }
    if (!isPending && isShown) {
      const visibleFor = Date.now() - (shownAt.current ?? 0);
      const hideTimer = setTimeout(
        () => {
          shownAt.current = null;
          setIsShown(false);
        },
        Math.max(0, minDuration - visibleFor),
      );
      return () => clearTimeout(hideTimer);
    }
    return undefined;
  }, [isPending, isShown, delay, minDuration]);

  return isShown;
}
