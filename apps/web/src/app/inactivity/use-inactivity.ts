import { useCallback, useEffect, useRef, useState } from 'react';
import { INACTIVITY_COUNTDOWN_TICK_MS, INACTIVITY_LIMIT_MS, INACTIVITY_SHARE_MS, INACTIVITY_WARNING_MS } from '@console/contracts';
import { getSharedActivity, setSharedActivity } from '@/lib/storage';

const ACTIVITY_EVENTS = ['mousemove', 'mousedown', 'keydown', 'wheel', 'touchstart'] as const;

/** Activity inside a modal or dialog does not count. */
function isInsideModal(target: EventTarget | null): boolean {
  return target instanceof Element && target.closest('[role="dialog"], [aria-modal]') !== null;
}

export interface InactivityState {
  /** The warning is up (from LIMIT - WARNING of idleness). */
  warning: boolean;
  /** Time left before sign-out while the warning is up, from the last activity timestamp. */
  remainingMs: number;
  /** Stay Logged In: counts as activity and closes the warning. */
  stay: () => void;
}

/**
 * Tracks the user's last activity and calls `onTimeout` after INACTIVITY_LIMIT_MS without any.
 * Times come from Date.now() and the last activity timestamp, never from counting ticks, so a
 * throttled background tab or a fake clock still lands on the right moment. Activity in any tab counts:
 * each tab shares its own at most every INACTIVITY_SHARE_MS and reads the others' before warning or
 * signing out, since one tab's sign-out signs out them all.
 */
export function useInactivity(onTimeout: () => void): InactivityState {
  const lastActivity = useRef(Date.now());
  const lastShared = useRef(0);
  const warningRef = useRef(false);
  const onTimeoutRef = useRef(onTimeout);
  const [warning, setWarning] = useState(false);
  const [deadline, setDeadline] = useState(0);
  const [now, setNow] = useState(0);

  useEffect(() => {
    onTimeoutRef.current = onTimeout;
  }, [onTimeout]);

  useEffect(() => {
    const onActivity = (event: Event) => {
      // Once the warning is up only its buttons decide; moving the mouse does not dismiss it.
      if (warningRef.current || isInsideModal(event.target)) return;
      lastActivity.current = Date.now();
      if (lastActivity.current - lastShared.current >= INACTIVITY_SHARE_MS) {
        lastShared.current = lastActivity.current;
        setSharedActivity(lastActivity.current);
      }
    };
    for (const name of ACTIVITY_EVENTS) {
      document.addEventListener(name, onActivity, { capture: true, passive: true });
    }
    return () => {
      for (const name of ACTIVITY_EVENTS) document.removeEventListener(name, onActivity, { capture: true });
    };
  }, []);

  // Until the warning: one timer aimed at the warning moment; activity meanwhile just moves the mark
  // and the timer re-aims when it fires (no timer churn on every mouse move).
  useEffect(() => {
    if (warning) return;
    const warnAfter = INACTIVITY_LIMIT_MS - INACTIVITY_WARNING_MS;
    let timer: ReturnType<typeof setTimeout>;
    const check = () => {
      const current = Date.now();
      lastActivity.current = Math.max(lastActivity.current, getSharedActivity());
      const idle = current - lastActivity.current;
      if (idle >= INACTIVITY_LIMIT_MS) {
        onTimeoutRef.current();
        return;
      }
      if (idle >= warnAfter) {
        warningRef.current = true;
        setDeadline(lastActivity.current + INACTIVITY_LIMIT_MS);
        setNow(current);
        setWarning(true);
        return;
      }
      timer = setTimeout(check, warnAfter - idle);
    };
    timer = setTimeout(check, Math.max(0, warnAfter - (Date.now() - lastActivity.current)));
    return () => clearTimeout(timer);
  }, [warning]);

  // During the warning: re-render every tick with the time left; sign out at the limit.
  useEffect(() => {
    if (!warning) return;
    const tick = () => {
      const current = Date.now();
      // The user came back in another tab: the warning here closes as if they chose to stay.
      const shared = getSharedActivity();
      if (shared > lastActivity.current) {
        lastActivity.current = shared;
        warningRef.current = false;
        setWarning(false);
        return;
      }
      setNow(current);
      if (current >= deadline) {
        clearInterval(interval);
        onTimeoutRef.current();
      }
    };
    const interval = setInterval(tick, INACTIVITY_COUNTDOWN_TICK_MS);
    return () => clearInterval(interval);
  }, [warning, deadline]);

  const stay = useCallback(() => {
    lastActivity.current = Date.now();
    lastShared.current = lastActivity.current;
    setSharedActivity(lastActivity.current);
    warningRef.current = false;
    setWarning(false);
  }, []);

  return { warning, remainingMs: warning ? Math.max(0, deadline - now) : INACTIVITY_WARNING_MS, stay };
}
