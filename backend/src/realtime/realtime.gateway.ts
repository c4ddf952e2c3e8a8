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

  @SubscribeMessage('job:watch')
  async watchJob(@ConnectedSocket() socket: TypedSocket, @MessageBody() jobId: unknown): Promise<JobWatchAck> {
    if (typeof jobId !== 'string' || jobId.length > 32) return { ok: false, error: 'jobId must be a job id' };
    const exists = await this.dataSource.getRepository(JobEntity).existsBy({ id: jobId });
    if (!exists) return { ok: false, error: 'Job not found' };
    await socket.join(ROOMS.job(jobId));
    return { ok: true };
  }

  @SubscribeMessage('job:unwatch')
  async unwatchJob(@ConnectedSocket() socket: TypedSocket, @MessageBody() jobId: unknown): Promise<void> {
    if (typeof jobId === 'string') await socket.leave(ROOMS.job(jobId));
  }
}
