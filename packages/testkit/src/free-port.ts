import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/** Whether a server could listen on `port` on every address, as the API and our peers do. */
function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, () => server.close(() => resolve(true)));
  });
}

/** The lowest port Linux hands out by itself (to outgoing connections and listens on port 0). */
function ephemeralPortsFrom(): number {
  try {
    return Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]) || 32_768;
  } catch {
    return 32_768;
  }
}

const FIRST_CHOSEN_PORT = 10_000;

/**
 * A port for a process that binds it later (its URL must be known before it starts). Chosen at
 * random below the kernel's ephemeral range: a port from that range could meanwhile become the
 * local port of any outgoing connection on the machine (a run of e2e files opens hundreds), and
 * the process would fail with EADDRINUSE.
 */
export async function freePort(): Promise<number> {
  const below = ephemeralPortsFrom();
  for (;;) {
    const port = FIRST_CHOSEN_PORT + Math.floor(Math.random() * (below - FIRST_CHOSEN_PORT));
    if (await canListen(port)) return port;
  }
}
