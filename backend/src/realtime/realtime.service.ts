import { Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { type AdminLog, type BatchedEvent, type LiveStats, type PublicJob, ROOMS, type ServerEvents, type ServerToClientEvents, type TruckPosition } from '@towing/contracts';
import { emitFrame, type FrameTarget, PushWindow } from '@towing/platform';
import { RealtimeGateway } from './realtime.gateway.js';

type Payload<E extends keyof ServerToClientEvents> = Parameters<ServerToClientEvents[E]>[0];

/**
 * Pushes from the API to browsers, typed by the contracts' socket map. A push is written to the
 * sockets once the answers being made in this turn of the event loop have been written
 * (setImmediate): services push right after their commit, and writing one frame to a thousand
 * boards takes the CPU for tens of ms, which the caller's HTTP answer would otherwise wait out.
 * Pushes keep the order in which they were made.
 */
@Injectable()
export class RealtimeService implements OnApplicationShutdown {
  private readonly logger = new Logger(RealtimeService.name);
  /** Emits made in this turn of the event loop, written after its answers. */
  private readonly queued: Array<() => void> = [];
  private sendTimer?: NodeJS.Immediate;
  /** Admin pushes share a frame per window (PushWindow), written in turn with the others. */
  private readonly admins = new PushWindow(
    (events) => this.emitToAdmins(events),
    (error) => this.notSent(error),
    (first) => this.send(first),
  );

  constructor(private readonly gateway: RealtimeGateway) {}

  toEveryone<E extends keyof ServerToClientEvents>(event: E, payload: Payload<E>): void {
    this.send(() => (this.gateway.server.emit as (event: E, payload: Payload<E>) => void)(event, payload));
  }

  /**
   * To every admin board. The first push after a quiet spell goes at once (with any made in the
   * same turn) and opens a window; pushes inside it go together, in order, as one `board:batch`
   * when it closes.
   */
  toAdmins<E extends keyof ServerEvents>(event: E, payload: Payload<E>): void {
    this.admins.push([event, payload] as BatchedEvent);
  }

  /** To the admin sockets that have one of the board's logs open (log:watch). */
  toAdminLog<E extends keyof ServerEvents>(log: AdminLog, event: E, payload: Payload<E>): void {
    this.send(() => (this.gateway.server.to(ROOMS.adminLog(log)).emit as (event: E, payload: Payload<E>) => void)(event, payload));
  }

  /**
   * To the pages showing the Live Status card (stats:watch). Not to every socket: a thousand
   * boards, which never show it, would each take a frame a second through an SOS storm.
   */
  toLiveStatsWatchers(stats: LiveStats): void {
    this.send(() => this.gateway.server.to(ROOMS.liveStats).emit('stats:changed', stats));
  }

  /** To the browsers tracking one job (job:watch); they get the public view only. */
  toJobWatchers(job: PublicJob): void {
    this.send(() => this.gateway.server.to(ROOMS.job(job.id)).emit('job:updated', job));
  }

  /** The truck of a job on its way, to the browsers tracking that job: one frame per update. */
  toJobPosition(position: TruckPosition): void {
    this.send(() => this.gateway.server.to(ROOMS.job(position.jobId)).emit('job:position', position));
  }

  onApplicationShutdown(): void {
    clearImmediate(this.sendTimer);
    this.sendQueued();
    this.admins.close();
  }

  private send(emit: () => void): void {
    this.queued.push(emit);
    this.sendTimer ??= setImmediate(() => this.sendQueued());
  }

  /** A push that cannot be sent (a payload that does not encode) is logged: nobody waits on it to throw to. */
  private sendQueued(): void {
    this.sendTimer = undefined;
    for (const emit of this.queued.splice(0)) {
      try {
        emit();
      } catch (error) {
        this.notSent(error as Error);
      }
    }
  }

  private notSent(error: Error): void {
    this.logger.error(`Socket push not sent: ${error.message}`);
  }

  private emitToAdmins(events: BatchedEvent[]): void {
    // /driver reads its board again on any job or booking change: one nudge a window, no payload.
    if (events.some(([event]) => event.startsWith('job:') || event.startsWith('booking:'))) this.gateway.server.to(ROOMS.drivers).emit('driver:board');
    emitFrame(this.gateway.server.to(ROOMS.admins) as FrameTarget, events);
  }
}
