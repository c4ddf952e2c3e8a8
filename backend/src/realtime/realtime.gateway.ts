import { Inject, Logger } from '@nestjs/common';
import {
  ConnectedSocket,
  MessageBody,
  type OnGatewayInit,
  SubscribeMessage,
  WebSocketGateway,
  WebSocketServer,
} from '@nestjs/websockets';
import type { Server, Socket } from 'socket.io';
import { ADMIN_LOGS, type AdminLog, type ClientToServerEvents, drivesTrucks, type JobWatchAck, type JobWatchRequest, ROOMS, type ServerToClientEvents, type WatchAck } from '@towing/contracts';
import { ENVIRONMENT, type Environment } from '@towing/platform';
import { toUserView } from '@towing/db';
import { readSessionToken } from '../auth/session-cookie.js';
import { SessionsService } from '../auth/sessions.service.js';
import { isAppHandshake } from '../common/cross-site-writes.js';
import { JOB_ID } from '../jobs/job-number.js';
import { isJobWatchKey } from '../jobs/job-watch-key.js';

export type TypedServer = Server<ClientToServerEvents, ServerToClientEvents>;
type TypedSocket = Socket<ClientToServerEvents, ServerToClientEvents>;

export const WATCH_REFUSED = 'Look the job up again to follow it';
/** A customer's dashboard watches each of their active jobs; nobody has more than this at once. */
const MAX_WATCHED_JOBS = 20;

const isAdminLog = (log: unknown): log is AdminLog => ADMIN_LOGS.includes(log as AdminLog);

function watchedJobs(socket: TypedSocket): number {
  return [...socket.rooms].filter((room) => room.startsWith(ROOMS.job(''))).length;
}

@WebSocketGateway({ path: '/socket.io', serveClient: false })
export class RealtimeGateway implements OnGatewayInit<TypedServer> {
  private readonly logger = new Logger(RealtimeGateway.name);

  @WebSocketServer()
  server: TypedServer;

  constructor(
    private readonly sessions: SessionsService,
    @Inject(ENVIRONMENT) private readonly environment: Environment,
  ) {}

  /**
   * Admin sockets are recognised once, from the session cookie sent with the handshake, and
   * only from the app's own pages: a page elsewhere (another port of this host included) that
   * rides on the admin's cookie gets an ordinary public socket.
   */
  afterInit(server: TypedServer): void {
    server.use((socket, next) => {
      if (!isAppHandshake(socket.handshake.headers, this.environment.publicUrl)) return next();
      this.sessions
        .resolve(readSessionToken(socket.handshake.headers.cookie))
        .then((user) => {
          if (user?.role === 'admin') void socket.join(ROOMS.admins);
          if (user && drivesTrucks(toUserView(user))) void socket.join(ROOMS.drivers);
          next();
        })
        .catch((error: Error) => {
          this.logger.warn(`Handshake session lookup failed: ${error.message}`);
          next();
        });
    });
  }

  /**
   * Watching a job needs the watch key a lookup handed out after the caller proved the job
   * (JobLookupService). The key is checked without reading the database, and an unknown job
   * and a wrong key answer alike, so the socket tells nothing about which jobs exist. The room
   * only ever receives the public view (RealtimeService.toJobWatchers); a cap on rooms per
   * socket bounds what one connection holds.
   */
  @SubscribeMessage('job:watch')
  async watchJob(@ConnectedSocket() socket: TypedSocket, @MessageBody() request: unknown): Promise<JobWatchAck> {
    const { jobId, key } = (typeof request === 'object' && request !== null ? request : {}) as Partial<JobWatchRequest>;
    if (typeof jobId !== 'string' || !JOB_ID.test(jobId)) return { ok: false, error: 'jobId must be a job id' };
    const id = jobId.toUpperCase();
    const room = ROOMS.job(id);
    if (!socket.rooms.has(room) && watchedJobs(socket) >= MAX_WATCHED_JOBS) {
      return { ok: false, error: `A browser can watch at most ${MAX_WATCHED_JOBS} jobs at a time` };
    }
    if (!isJobWatchKey(this.environment.sessionSecret, id, key)) return { ok: false, error: WATCH_REFUSED };
    await socket.join(room);
    return { ok: true };
  }

  @SubscribeMessage('job:unwatch')
  async unwatchJob(@ConnectedSocket() socket: TypedSocket, @MessageBody() jobId: unknown): Promise<void> {
    if (typeof jobId === 'string') await socket.leave(ROOMS.job(jobId.toUpperCase()));
  }

  /** Only an admin socket may watch a log: the logs carry customers' phone numbers and addresses. */
  @SubscribeMessage('log:watch')
  async watchLog(@ConnectedSocket() socket: TypedSocket, @MessageBody() log: unknown): Promise<WatchAck> {
    if (!isAdminLog(log)) return { ok: false, error: `log must be one of ${ADMIN_LOGS.join(', ')}` };
    if (!socket.rooms.has(ROOMS.admins)) return { ok: false, error: 'Only an admin can watch a log' };
    await socket.join(ROOMS.adminLog(log));
    return { ok: true };
  }

  @SubscribeMessage('log:unwatch')
  async unwatchLog(@ConnectedSocket() socket: TypedSocket, @MessageBody() log: unknown): Promise<void> {
    if (isAdminLog(log)) await socket.leave(ROOMS.adminLog(log));
  }

  /** The Live Status figures are public: any page may show them. */
  @SubscribeMessage('stats:watch')
  async watchStats(@ConnectedSocket() socket: TypedSocket): Promise<WatchAck> {
    await socket.join(ROOMS.liveStats);
    return { ok: true };
  }

  @SubscribeMessage('stats:unwatch')
  async unwatchStats(@ConnectedSocket() socket: TypedSocket): Promise<void> {
    await socket.leave(ROOMS.liveStats);
  }
}
