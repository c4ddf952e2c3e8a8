import { useMutation, useQuery } from '@tanstack/react-query';
import { queryClient } from '../../shared/query/queryClient';
import { type PushState, readPushState, turnPushOff, turnPushOn } from './push-subscription';

const PUSH_STATE = ['push', 'state'] as const;

const WHY_NOT: Partial<Record<PushState, string>> = {
  blocked: 'Notifications are blocked for this site in this browser: allow them in its settings',
  unsupported: 'This browser cannot take push alerts (on an iPhone, add the app to the Home Screen first)',
};

export interface PushAlerts {
  /** False when the server sends no push: show nothing. */
  available: boolean;
  on: boolean;
  busy: boolean;
  /** Why alerts cannot be turned on in this browser, if they cannot. */
  why?: string;
  failed: boolean;
  turn(on: boolean): void;
}

/** This device's SOS alerts (Web Push) for the signed-in staff member, on or off: the board's switch and the driver's button. */
export function usePushAlerts(): PushAlerts {
  const state = useQuery({ queryKey: PUSH_STATE, queryFn: readPushState }, queryClient);
  const change = useMutation(
    {
      mutationFn: (on: boolean) => (on ? turnPushOn() : turnPushOff()),
      onSuccess: (next) => queryClient.setQueryData(PUSH_STATE, next),
    },
    queryClient,
  );
  const current = change.isPending ? undefined : state.data;
  return {
    available: state.data !== 'unavailable',
    on: current === 'on',
    busy: state.isPending || change.isPending,
    why: current ? WHY_NOT[current] : undefined,
    failed: change.isError,
    turn: (on) => change.mutate(on),
  };
}
