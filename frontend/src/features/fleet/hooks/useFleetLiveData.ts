import { useEffect } from 'react';
import { api } from '../../../shared/api/client';
import { errorText } from '../../../shared/forms/serverErrors';
import { withSocket } from '../../../shared/realtime/socket';
import { useFleetStore } from '../state/fleet.store';

let subscribers = 0;
let detach: (() => void) | undefined;

/**
 * Reads the whole fleet. A failure is kept in the store (error) rather than thrown, so every
 * screen that shows trucks can say their status is unavailable, whichever of them asked.
 */
export async function reloadFleet(): Promise<void> {
  const store = useFleetStore.getState();
  try {
    store.replace(await api.call('GET /api/vehicles'));
  } catch (error) {
    store.failed(errorText(error) ?? 'The fleet could not be read');
  }
}

/** One set of listeners however many components keep the fleet live; a read on every (re)connect. */
function attach(): () => void {
  return withSocket((socket) => {
    const store = useFleetStore.getState;
    const reload = () => void reloadFleet();
    const created = store().upsert;
    const updated = store().upsert;
    const deleted = ({ id }: { id: number }) => store().remove(id);
    socket.on('connect', reload);
    socket.on('vehicle:created', created);
    socket.on('vehicle:updated', updated);
    socket.on('vehicle:deleted', deleted);
    if (socket.connected) reload();
    return () => {
      socket.off('connect', reload);
      socket.off('vehicle:created', created);
      socket.off('vehicle:updated', updated);
      socket.off('vehicle:deleted', deleted);
    };
  });
}

/**
 * Keeps the fleet store live from socket pushes (no polling) while any component using it is
 * mounted: the board's driver tile and the fleet screen share one subscription.
 */
export function useFleetLiveData(): void {
  useEffect(() => {
    subscribers += 1;
    if (subscribers === 1) detach = attach();
    return () => {
      subscribers -= 1;
      if (subscribers === 0) {
        detach?.();
        detach = undefined;
      }
    };
  }, []);
}
