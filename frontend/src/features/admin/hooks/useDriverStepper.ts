import { DRIVERS } from '@towing/contracts';
import { useEffect, useRef, useState } from 'react';
import { api } from '../../../shared/api/client';
import { useNotification } from '../../../shared/ui/notification';
import { driversAvailable } from '../durations';
import { driversChanged, useDriversAvailable } from '../board-data';

/** How long after the last click the count is saved: clicking 2 to 5 is one change, one toast. */
export const DRIVER_SAVE_DELAY_MS = 600;

/**
 * The Available Drivers stepper: every click moves the figure at once, the server hears the
 * final figure once the clicking stops, and one toast confirms it. A click while a save is on
 * its way wins: the figure stays where it was clicked to, and only the last save speaks.
 */
export function useDriverStepper(): { shown: number; step(delta: 1 | -1): void } {
  const notification = useNotification();
  const stored = useDriversAvailable().data?.available ?? 0;
  const [draft, setDraft] = useState<number | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  /** Counts the clicks, so a save can tell whether another click came after the one it saves. */
  const clicks = useRef(0);
  /** Saves go one after another, so the server ends on the figure of the last click. */
  const saving = useRef<Promise<void>>(Promise.resolve());
  useEffect(() => () => clearTimeout(timer.current), []);
  const shown = draft ?? stored;

  async function save(available: number, click: number) {
    let saved: number | null = null;
    try {
      saved = (await api.call('PUT /api/dispatch/drivers', { body: { available } })).available;
    } catch {
      saved = null;
    }
    if (saved !== null) driversChanged(saved);
    // A later click has its own save queued behind this one, which has the last word.
    if (click !== clicks.current) return;
    if (saved === null) notification.error({ title: 'Failed to update driver count' });
    else notification.success({ title: 'Driver Count Updated', description: driversAvailable(saved) });
    setDraft(null);
  }

  function step(delta: 1 | -1) {
    const next = Math.min(DRIVERS.max, Math.max(DRIVERS.min, shown + delta));
    const click = ++clicks.current;
    setDraft(next);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      saving.current = saving.current.then(() => save(next, click));
    }, DRIVER_SAVE_DELAY_MS);
  }

  return { shown, step };
}
