import { Injectable } from '@nestjs/common';
import { type DriverTapReceipt, type DriverTapResponse, formatKm, formatPerthDateTime, tapOutcome } from '@towing/contracts';
import { DriverTapEntity, isUniqueViolation, JobEntity, JobUpdateEntity, toJobView, toPublicJobView, type UserEntity } from '@towing/db';
import { conflict, fieldError } from '../common/errors.js';
import type { Idempotency } from '../jobs/idempotency-key.js';
import { recordAcknowledgement } from '../jobs/job-acknowledgement.js';
import { jobNotFound } from '../jobs/jobs.service.js';
import { TransactionRunner } from '../outbox/transaction.runner.js';
import { RealtimeService } from '../realtime/realtime.service.js';
import { StatsService } from '../stats/stats.service.js';
import { DriverBoardService } from './driver-board.service.js';
import { DriverOdometer, type OdometerReading } from './driver-odometer.js';
import type { DriverTapDto } from './dto/driver-tap.dto.js';

/** The first name jobs are assigned by; an account without one goes by its username. */
export const driverName = (user: Pick<UserEntity, 'firstName' | 'username'>): string => user.firstName ?? user.username;

/** `odometer`: the reading a Completed tap brought, for the driver's truck once the tap has committed. */
type Applied = { tap: DriverTapEntity; refusal: string | null; replayed: boolean; odometer?: OdometerReading };

/**
 * A driver's tap, once: the job moves by the board's state machine (contracts' tapOutcome), and
 * the tap is stored by its Idempotency-Key with the phone's time and the arrival time, a refusal
 * too, so a resend (the phone's queue does resend) answers the same and changes nothing again.
 */
@Injectable()
export class DriverTapsService {
  constructor(
    private readonly transactions: TransactionRunner,
    private readonly realtime: RealtimeService,
    private readonly stats: StatsService,
    private readonly board: DriverBoardService,
    private readonly odometer: DriverOdometer,
  ) {}

  async tap(user: UserEntity, jobId: string, dto: DriverTapDto, idempotency: Idempotency): Promise<DriverTapResponse & { replayed: boolean }> {
    const id = jobId.toUpperCase();
    let applied: Applied;
    try {
      applied = await this.apply(user, id, dto, idempotency);
    } catch (error) {
      // Two copies of one tap raced past the job's lock only if the job row was missing; the loser reads the winner's.
      if (!isUniqueViolation(error)) throw error;
      applied = await this.apply(user, id, dto, idempotency);
    }
    if (applied.refusal) throw conflict(applied.refusal);
    if (applied.odometer) await this.odometer.record(applied.odometer);
    return { job: await this.board.job(id), tap: receipt(applied.tap), replayed: applied.replayed };
  }

  private apply(user: UserEntity, id: string, dto: DriverTapDto, idempotency: Idempotency): Promise<Applied> {
    return this.transactions.run(async (unit) => {
      const jobs = unit.manager.getRepository(JobEntity);
      const taps = unit.manager.getRepository(DriverTapEntity);
      // The job's row lock orders the copies of a tap: the second finds the first's row below.
      const job = await jobs.findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
      if (!job) throw jobNotFound(id);
      const earlier = await taps
        .createQueryBuilder('tap')
        .addSelect('tap.fingerprint')
        .where('tap.userId = :userId AND tap.idempotencyKey = :key', { userId: user.id, key: idempotency.key })
        .getOne();
      if (earlier) {
        if (earlier.fingerprint !== idempotency.fingerprint || earlier.jobId !== id) {
          throw fieldError(422, 'Idempotency-Key', 'This Idempotency-Key was already used for a different request');
        }
        return { tap: earlier, refusal: earlier.refusal, replayed: true };
      }

      const now = new Date();
      // A phone whose clock runs ahead cannot date a tap after it arrived.
      const madeAt = new Date(Math.min(Date.parse(dto.madeAt), now.getTime()));
      const actor = driverName(user);
      const from = job.status;
      const outcome = tapOutcome(id, { status: job.status, progress: job.progress, assignedTo: job.assignedTo, acknowledged: job.acknowledgedAt !== null }, dto.kind, actor);
      const refusal = 'refusal' in outcome ? outcome.refusal : null;
      const saved = await taps.save(
        taps.create({
          userId: user.id,
          idempotencyKey: idempotency.key,
          fingerprint: idempotency.fingerprint,
          jobId: id,
          kind: dto.kind,
          etaMinutes: dto.etaMinutes ?? null,
          odometerKm: dto.odometerKm ?? null,
          madeAt,
          refusal,
        }),
      );
      if (refusal || !('next' in outcome) || !outcome.next) return { tap: saved, refusal, replayed: false };

      const { next } = outcome;
      const messages = [outcome.message];
      if (next.acknowledged && !job.acknowledgedAt) {
        // As the board's button does (the stranded person hears who has it), dated when the driver tapped.
        await recordAcknowledgement(unit, job, actor);
        job.acknowledgedAt = madeAt;
      }
      job.status = next.status;
      job.progress = next.progress;
      job.assignedTo = next.assignedTo;
      if (dto.kind === 'enRoute' && dto.etaMinutes !== undefined) {
        job.estimatedArrival = new Date(madeAt.getTime() + dto.etaMinutes * 60_000);
        messages.push(`ETA set to ${formatPerthDateTime(job.estimatedArrival)}`);
      }
      if (dto.kind === 'complete' && dto.odometerKm !== undefined) messages.push(`Odometer ${formatKm(dto.odometerKm)}`);
      await jobs.save(job);
      await unit.manager.getRepository(JobUpdateEntity).insert({ jobId: id, status: job.status, message: messages.join('; '), actor, occurredAt: madeAt });
      const to = job.status !== from ? job.status : null;
      if (to) {
        await unit.record('job.statusChanged', { jobId: id, from, to });
        if (to === 'Completed') await unit.record('job.completed', { jobId: id });
      }
      const changed = await jobs.findOneByOrFail({ id });
      unit.afterCommit(() => {
        this.realtime.toAdmins('job:updated', toJobView(changed));
        this.realtime.toJobWatchers(toPublicJobView(changed));
        if (to) this.stats.broadcast();
      });
      const odometer =
        to === 'Completed' && dto.odometerKm !== undefined
          ? { jobId: id, driver: actor, km: dto.odometerKm, madeAt, service: job.service, location: job.location }
          : undefined;
      return { tap: saved, refusal: null, replayed: false, odometer };
    });
  }
}

function receipt(tap: DriverTapEntity): DriverTapReceipt {
  return { kind: tap.kind, madeAt: tap.madeAt.toISOString(), receivedAt: tap.receivedAt.toISOString() };
}
