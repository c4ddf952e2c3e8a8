import type { ServerToClientEvents } from '@towing/contracts';
import { useEffect, useEffectEvent } from 'react';
import type { Socket } from 'socket.io-client';
import { withSocket } from './socket';

/**
 * Listens to a server event while the component is mounted; the handler may change every render.
 * With `live` false nothing is listened to and no socket is opened.
 */
export function useSocketEvent<E extends keyof ServerToClientEvents>(event: E, handler: ServerToClientEvents[E], live = true): void {
  const onEvent = useEffectEvent(handler as (...args: unknown[]) => void);

  useEffect(() => {
    if (!live) return;
    return withSocket((opened) => {
      // socket.io types listeners with a conditional type that TypeScript cannot resolve for a
      // generic event name; the signature above already ties the handler to the event.
      const socket: Socket = opened;
      const name: string = event;
      const listener = (...args: unknown[]) => onEvent(...args);
      socket.on(name, listener);
      return () => {
        socket.off(name, listener);
      };
    });
  }, [event, live]);
}
