import type { AdminLog } from '@towing/contracts';
import type { QueryKey } from '@tanstack/react-query';
import { useEffect } from 'react';
import { queryClient } from '../../../shared/query/queryClient';
import { withSocketWatch } from '../../../shared/realtime/socket';

/**
 * While a log's tab is on screen, its socket pushes come to this board; the server sends them
 * to no one else. The log's query is read again on every (re)connect once the watch is asked
 * for, so nothing pushed while the tab was closed or the socket away is missing.
 */
export function useWatchedLog(log: AdminLog, queryKey: QueryKey): void {
  useEffect(
    () =>
      withSocketWatch(
        (socket) => {
          socket.emit('log:watch', log);
          void queryClient.invalidateQueries({ queryKey });
        },
        (socket) => socket.emit('log:unwatch', log),
      ),
    [log, queryKey],
  );
}
