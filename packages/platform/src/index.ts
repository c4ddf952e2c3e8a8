export * from './boot.js';
export * from './config.module.js';
export * from './environment.js';
export * from './preflight.js';
export * from './queues.js';
export * from './redis-connections.js';
export * from './socket-channel.js';
export * from './socket-emitter.js';
