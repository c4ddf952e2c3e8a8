import type { HeldSosSource } from '@towing/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { api } from '../../../shared/api/client';
import { useOnSocketConnect } from '../../../shared/realtime/useOnSocketConnect';
import { useSocketEvent } from '../../../shared/realtime/useSocketEvent';

/** During a flood `sos:held` arrives for every held SOS: the list is re-read at most this often. */
export const HELD_REREAD_MS = 2000;

/** The addresses whose SOS are held, one line each, kept fresh by `sos:held` pushes. */
export function useHeldSosSources(): { sources: HeldSosSource[]; reload(): void } {
  const [sources, setSources] = useState<HeldSosSource[]>([]);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const reload = useCallback(() => {
    api
      .call('GET /api/sos-holds')
      .then(setSources)
      .catch(() => undefined);
  }, []);
  useOnSocketConnect(reload);
  useSocketEvent('sos:held', () => {
    timer.current ??= setTimeout(() => {
      timer.current = undefined;
      reload();
    }, HELD_REREAD_MS);
  });
  useEffect(() => () => clearTimeout(timer.current), []);
  return { sources, reload };
}
