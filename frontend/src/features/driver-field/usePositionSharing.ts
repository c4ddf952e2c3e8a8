import { isDueToSend, isPositionSharingStatus, POSITION_BATCH_MAX, type PositionFix } from '@towing/contracts';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { positionUpload, type SendUpload } from './field-uploads';

/** The driver's choice on this phone, kept across visits: sharing is on unless turned off. */
const SWITCH_KEY = 'driverSharesPosition';

export function readSharingSwitch(): boolean {
  return localStorage.getItem(SWITCH_KEY) !== 'off';
}

export interface PositionSharing {
  /** The driver's switch. */
  enabled: boolean;
  setEnabled(on: boolean): void;
  /** Sharing now: switched on, the job on its way, and the phone giving positions. */
  active: boolean;
  /** The phone refused to give its position (permission), in its words. */
  error: string | null;
  /** When the last fix was handed to the outbox. */
  lastFixAt: string | null;
}

/**
 * Shares the phone's position for one job while it is En Route or In Progress and the driver
 * has not turned it off: a fix when 20 s have passed or the truck has moved 150 m (contracts
 * POSITION_SEND). Fixes go to the phone's outbox; while an earlier batch of this job is still
 * waiting there (no signal) they gather here and go as one batch of up to POSITION_BATCH_MAX,
 * so a long drive out of range is a few requests, not hundreds. Stops as the job leaves those
 * statuses (what gathered is handed over first) and when the page is left.
 */
export function usePositionSharing(jobId: string, status: string, send: SendUpload, batchWaiting: boolean): PositionSharing {
  const [enabled, setEnabledState] = useState(readSharingSwitch);
  const [error, setError] = useState<string | null>(null);
  const [lastFixAt, setLastFixAt] = useState<string | null>(null);
  const last = useRef<{ at: number; position: { lat: number; lng: number } } | null>(null);
  const gathered = useRef<PositionFix[]>([]);
  const sharing = enabled && isPositionSharingStatus(status);

  const handOver = useEffectEvent(() => {
    if (gathered.current.length === 0) return;
    const fixes = gathered.current.splice(0, POSITION_BATCH_MAX);
    void send(positionUpload(jobId, fixes));
  });

  const took = useEffectEvent((fix: GeolocationPosition) => {
    const position = { lat: fix.coords.latitude, lng: fix.coords.longitude };
    const now = Date.now();
    if (!isDueToSend(last.current, now, position)) return;
    last.current = { at: now, position };
    const fixedAt = new Date(fix.timestamp || now).toISOString();
    gathered.current.push({ ...position, accuracyM: Math.round(fix.coords.accuracy), fixedAt });
    setLastFixAt(fixedAt);
    setError(null);
    if (!batchWaiting || gathered.current.length >= POSITION_BATCH_MAX) handOver();
  });

  // The outbox sent the earlier batch: what gathered meanwhile goes now.
  useEffect(() => {
    if (!batchWaiting) handOver();
  }, [batchWaiting]);

  useEffect(() => {
    if (!sharing || !('geolocation' in navigator)) return;
    const watch = navigator.geolocation.watchPosition(took, (refusal) => setError(refusal.message || 'The phone gave no position'), {
      enableHighAccuracy: true,
      maximumAge: 5_000,
    });
    return () => {
      navigator.geolocation.clearWatch(watch);
      last.current = null;
      handOver();
    };
  }, [sharing]);

  function setEnabled(on: boolean) {
    localStorage.setItem(SWITCH_KEY, on ? 'on' : 'off');
    setEnabledState(on);
  }

  return { enabled, setEnabled, active: sharing && error === null, error, lastFixAt };
}
