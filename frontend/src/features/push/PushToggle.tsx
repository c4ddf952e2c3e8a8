import { useMutation, useQuery } from '@tanstack/react-query';
import { Switch, Tooltip } from 'antd';
import { queryClient } from '../../shared/query/queryClient';
import { type PushState, readPushState, turnPushOff, turnPushOn } from './push-subscription';

const PUSH_STATE = ['push', 'state'] as const;

const WHY_NOT: Partial<Record<PushState, string>> = {
  blocked: 'Notifications are blocked for this site in this browser: allow them in its settings',
  unsupported: 'This browser cannot take push alerts (on an iPhone, add the app to the Home Screen first)',
};

/**
 * SOS alerts pushed to this device (phone or PC), even with the app closed and the screen
 * locked, for the signed-in staff member; on or off per device. Hidden when the server sends
 * no push.
 */
export function PushToggle() {
  const state = useQuery({ queryKey: PUSH_STATE, queryFn: readPushState }, queryClient);
  const change = useMutation(
    {
      mutationFn: (on: boolean) => (on ? turnPushOn() : turnPushOff()),
      onSuccess: (next) => queryClient.setQueryData(PUSH_STATE, next),
    },
    queryClient,
  );
  if (state.data === 'unavailable') return null;
  const current = change.isPending ? undefined : state.data;
  const why = current ? WHY_NOT[current] : undefined;
  return (
    <Tooltip title={change.isError ? 'Could not change alerts on this device. Please try again.' : why}>
      <span className="admin-row">
        <Switch
          aria-label="Push alerts on this device"
          checked={current === 'on'}
          loading={state.isPending || change.isPending}
          disabled={Boolean(why)}
          onChange={(on) => change.mutate(on)}
        />
        <span>Push alerts on this device</span>
      </span>
    </Tooltip>
  );
}
