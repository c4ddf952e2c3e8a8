import { Injectable } from '@nestjs/common';
import { type PublicJob, ROOMS, type ServerToClientEvents } from '@towing/contracts';
import { RealtimeGateway } from './realtime.gateway.js';

type Payload<E extends keyof ServerToClientEvents> = Parameters<ServerToClientEvents[E]>[0];

/** Pushes from the API to browsers, typed by the contracts' socket map. */
@Injectable()
export class RealtimeService {
  constructor(private readonly gateway: RealtimeGateway) {}

  toEveryone<E extends keyof ServerToClientEvents>(event: E, payload: Payload<E>): void {
    (this.gateway.server.emit as (event: E, payload: Payload<E>) => void)(event, payload);
  }

  toAdmins<E extends keyof ServerToClientEvents>(event: E, payload: Payload<E>): void {
    (this.gateway.server.to(ROOMS.admins).emit as (event: E, payload: Payload<E>) => void)(event, payload);
  }

  /** To the browsers tracking one job (job:watch); they get the public view only. */
  toJobWatchers(job: PublicJob): void {
    this.gateway.server.to(ROOMS.job(job.id)).emit('job:updated', job);
  }
}
