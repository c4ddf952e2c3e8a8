import { useEffect, useEffectEvent } from 'react';
import { withSocket } from './socket';

/**
 * Socket delivery is at most once: anything pushed while disconnected is lost. Screens pass their
 * REST re-read here so it runs on every connect and reconnect, and once straight away when the
 * shared socket was already connected before this screen subscribed. With `live` false (a page
 * that must stay light, /sos) it runs once and no socket is opened.
 */
export function useOnSocketConnect(callback: () => void, live = true): void {
  const onConnect = useEffectEvent(callback);

  useEffect(() => {
    if (!live) {
      onConnect();
      return;
    }
    return withSocket((socket) => {
      const listener = () => onConnect();
      if (socket.connected) listener();
      socket.on('connect', listener);
      return () => {
        socket.off('connect', listener);
      };
    });
  }, [live]);
}
