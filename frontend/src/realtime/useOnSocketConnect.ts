import { useEffect, useEffectEvent } from 'react';
import { getSocket } from './socket';

/**
 * Socket delivery is at most once: anything pushed while disconnected is lost. Screens pass their
 * REST re-read here so it runs on every connect and reconnect, and once straight away when the
 * shared socket was already connected before this screen subscribed.
 */
export function useOnSocketConnect(callback: () => void): void {
  const onConnect = useEffectEvent(callback);

  useEffect(() => {
    const socket = getSocket();
    const listener = () => onConnect();
    if (socket.connected) listener();
    socket.on('connect', listener);
    return () => {
      socket.off('connect', listener);
    };
  }, []);
}
