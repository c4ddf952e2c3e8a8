import { Emitter } from '@socket.io/component-emitter';
import { act } from '@testing-library/react';
import { getSocket } from '../src/shared/realtime/socket';

/** No server in jsdom: call in beforeAll to keep the tab's socket from dialling out; the test plays the server with serverPush. */
export async function socketWithoutServer(): Promise<void> {
  (await getSocket()).disconnect();
}

/**
 * Delivers an event to the tab's socket listeners as a push from the server does ('connect' as the
 * socket's own), once the lazily loaded client is there and the screen's hooks have attached to it,
 * and lets what it starts (renders, reads from the fake API) run.
 */
export async function serverPush(event: string, ...args: unknown[]): Promise<void> {
  const socket = await act(() => getSocket());
  await act(async () => {
    Emitter.prototype.emit.call(socket, event, ...args);
  });
}
