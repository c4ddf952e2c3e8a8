import type { AdminLog } from '@towing/contracts';
import { useEffect, useEffectEvent } from 'react';
import { withSocket } from '../../../shared/realtime/socket';
import { useNotification } from '../../../shared/ui/notification';

/**
 * While a log's tab is on screen, its socket pushes come to this board; the server sends them
 * to no one else. The log is re-read on every (re)connect after joining, so nothing pushed
 * while the tab was closed or the socket away is missing.
 */
export function useWatchedLog(log: AdminLog, reload: () => Promise<void>): void {
  const notification = useNotification();
  const reread = useEffectEvent(() => {
    reload().catch(() => notification.error({ title: 'Could not load the list', description: 'Retrying when the connection comes back' }));
  });

  useEffect(
    () =>
      withSocket((socket) => {
        const watch = () => {
          socket.emit('log:watch', log);
          reread();
        };
        if (socket.connected) watch();
        socket.on('connect', watch);
        return () => {
          socket.off('connect', watch);
          socket.emit('log:unwatch', log);
        };
      }),
    [log],
  );
}
