import { Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  ConnectedSocket,
  MessageBody,
  type OnGatewayInit,
  SubscribeMessage,
  WebSocketGateway,
  WebSocketServer,
} from '@nestjs/websockets';
import type { Server, Socket } from 'socket.io';
import { DataSource } from 'typeorm';
import { type ClientToServerEvents, type JobWatchAck, ROOMS, type ServerToClientEvents } from '@towing/contracts';
import { readSessionToken } from '../auth/session-cookie.js';
import { SessionsService } from '../auth/sessions.service.js';
import { JobEntity } from '../jobs/job.entity.js';

export type TypedServer = Server<ClientToServerEvents, ServerToClientEvents>;
type TypedSocket = Socket<ClientToServerEvents, ServerToClientEvents>;

const JOB_ID = /^[A-Za-z0-9-]{1,32}$/;
/** A customer's dashboard watches each of their active jobs; nobody has more than this at once. */
const MAX_WATCHED_JOBS = 20;

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
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  /** Admin sockets are recognised once, from the session cookie sent with the handshake. */
  afterInit(server: TypedServer): void {
    server.use((socket, next) => {
      this.sessions
        .resolve(readSessionToken(socket.handshake.headers.cookie))
        .then((user) => {
          if (user?.role === 'admin') void socket.join(ROOMS.admins);
          next();
        })
        .catch((error: Error) => {
          this.logger.warn(`Handshake session lookup failed: ${error.message}`);
          next();
        });
    });
  }

  /**
   * Anyone may watch a job: the room only ever receives the public view (RealtimeService.toJobWatchers),
   * which carries no phone, email or notes. A cap on rooms per socket keeps one connection from
   * subscribing to every job id in turn.
   */
  @SubscribeMessage('job:watch')
  async watchJob(@ConnectedSocket() socket: TypedSocket, @MessageBody() jobId: unknown): Promise<JobWatchAck> {
    if (typeof jobId !== 'string' || !JOB_ID.test(jobId)) return { ok: false, error: 'jobId must be a job id' };
    const room = ROOMS.job(jobId);
    if (!socket.rooms.has(room) && watchedJobs(socket) >= MAX_WATCHED_JOBS) {
      return { ok: false, error: `A browser can watch at most ${MAX_WATCHED_JOBS} jobs at a time` };
    }
    const exists = await this.dataSource.getRepository(JobEntity).existsBy({ id: jobId });
    if (!exists) return { ok: false, error: 'Job not found' };
    await socket.join(room);
    return { ok: true };
  }

  @SubscribeMessage('job:unwatch')
  async unwatchJob(@ConnectedSocket() socket: TypedSocket, @MessageBody() jobId: unknown): Promise<void> {
    if (typeof jobId === 'string') await socket.leave(ROOMS.job(jobId));
  }
}
