/** The Redis channel prefix shared by the API's adapter and the worker's emitter. */
export function socketChannelKey(redisPrefix: string): string {
  return `${redisPrefix}:socket.io`;
}
