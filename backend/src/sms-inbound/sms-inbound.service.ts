import { createHash } from 'node:crypto';
import { HttpException, Inject, Injectable, Logger } from '@nestjs/common';
import { In, IsNull, Not } from 'typeorm';
import {
  ACTIVE_JOB_STATUSES,
  BUSINESS,
  CLOSED_JOB_STATUSES,
  type CreateSosRequest,
  formatPerthDateTime,
  type InboundSmsKind,
  type Job,
} from '@towing/contracts';
import { InboundSmsEntity, JobEntity, returnedEntities, SmsOptOutEntity } from '@towing/db';
import { ENVIRONMENT, type Environment } from '@towing/platform';
import { JobMessagesService } from '../conversations/job-messages.service.js';
import { JobDispatchService } from '../jobs/job-dispatch.service.js';
import { JobsService } from '../jobs/jobs.service.js';
import { TransactionRunner, type UnitOfWork } from '../outbox/transaction.runner.js';
import { SosAdmissionService } from '../sos-admission/sos-admission.service.js';
import { asksForHelp, type OwnerCommand, optWord, ownerCommand, positionIn } from './sms-text.js';

/** A text as Twilio delivered it, its sender already in E.164. */
export interface InboundText {
  messageSid: string;
  from: string;
  body: string;
}

/** What handling a text decided: its kind, the job it touched and the answer texted back (null: none). */
interface Outcome {
  kind: InboundSmsKind;
  jobId?: string | null;
  reply?: string | null;
}

/** The location column takes this much of a text that has no position in it. */
const LOCATION_MAX = 500;
/** The owners' replies show this much of a caller's words. */
const REPLY_FIELD_MAX = 60;

const OWNER_HELP = 'Reply 1, OK or ACK to take the newest SOS, ACK <job> for one, ETA 40 to set its arrival in minutes.';
const STRANGER_HELP = `${BUSINESS.shortName}: for help text SOS and where you are (a maps link or coordinates), or call ${BUSINESS.phone}.`;

/** A refusal the dispatch rules gave (a closed job, an ETA that can no longer change) is the owner's answer; anything else fails the webhook. */
function refusal(error: unknown): HttpException {
  if (error instanceof HttpException) return error;
  throw error;
}

function cut(text: string, limit: number): string {
  return text.length > limit ? `${text.slice(0, limit - 1).trimEnd()}…` : text;
}

/**
 * Twilio's inbound texts (POST /api/sms/inbound, signature checked before this runs). Each text
 * is stored once per MessageSid, in the transaction that decides what it is; a redelivered
 * webhook waits for the first one's transaction and then finds the row and does nothing. Owners
 * acknowledge and set ETAs the way the board does; a customer with an open job joins its
 * thread; anyone else asking for help sends the one SOS command. Replies are texted by the
 * worker through the SMS policy (budgets, opt-outs, the notifications log), never as TwiML.
 */
@Injectable()
export class SmsInboundService {
  private readonly logger = new Logger(SmsInboundService.name);
  /** On-call phones and the staff they belong to (a number ONCALL_PHONES adds is its own name). */
  private readonly owners: Map<string, string>;

  constructor(
    private readonly transactions: TransactionRunner,
    private readonly jobs: JobsService,
    private readonly dispatch: JobDispatchService,
    private readonly conversations: JobMessagesService,
    private readonly admission: SosAdmissionService,
    @Inject(ENVIRONMENT) environment: Environment,
  ) {
    this.owners = new Map(environment.oncallPhones.map((phone) => [phone, phone]));
    for (const member of BUSINESS.staff) this.owners.set(member.phoneE164, member.firstName);
  }

  async receive(text: InboundText): Promise<void> {
    await this.transactions.run(async (unit) => {
      const inserted = await unit.manager
        .getRepository(InboundSmsEntity)
        .createQueryBuilder()
        .insert()
        .values({ messageSid: text.messageSid, fromPhone: text.from, body: text.body, kind: 'other' })
        .orIgnore()
        .returning('*')
        .execute();
      const [row] = returnedEntities(unit.manager.connection, InboundSmsEntity, inserted.raw);
      // Twilio retried a webhook we already handled (the first transaction committed before this insert went on).
      if (!row) return;
      const outcome = await this.handle(unit, text);
      await unit.manager.getRepository(InboundSmsEntity).update({ id: row.id }, { kind: outcome.kind, jobId: outcome.jobId ?? null, reply: outcome.reply ?? null });
      await unit.record('sms.received', { inboundId: row.id });
    });
  }

  private async handle(unit: UnitOfWork, text: InboundText): Promise<Outcome> {
    const opt = optWord(text.body);
    if (opt) return this.setOptOut(unit, text.from, opt);
    const owner = this.owners.get(text.from);
    if (owner) {
      const command = ownerCommand(text.body);
      return command ? this.obey(unit, owner, command) : { kind: 'oncall-help', reply: OWNER_HELP };
    }
    const open = await unit.manager.getRepository(JobEntity).findOne({
      where: { phoneE164: text.from, status: In(ACTIVE_JOB_STATUSES) },
      order: { createdAt: 'DESC' },
    });
    if (open) {
      await this.conversations.receive(unit, open.id, text.body);
      return { kind: 'conversation', jobId: open.id };
    }
    if (asksForHelp(text.body)) return { kind: 'sos', jobId: (await this.sos(text)).id };
    return { kind: 'other', reply: STRANGER_HELP };
  }

  /** STOP and START: kept in the database, where the worker's SMS policy reads them. Twilio answers both itself. */
  private async setOptOut(unit: UnitOfWork, phone: string, opt: 'opt-out' | 'opt-in'): Promise<Outcome> {
    const optOuts = unit.manager.getRepository(SmsOptOutEntity);
    if (opt === 'opt-out') await optOuts.createQueryBuilder().insert().values({ phone }).orIgnore().execute();
    else await optOuts.delete({ phone });
    return { kind: opt };
  }

  private async obey(unit: UnitOfWork, owner: string, command: OwnerCommand): Promise<Outcome> {
    if (command.kind === 'ack') {
      const target = command.jobRef ? await this.jobByRef(unit, command.jobRef) : await this.newestSos(unit);
      if (!target) return { kind: 'ack', reply: command.jobRef ? `No job ${command.jobRef} found.` : 'No open SOS to acknowledge.' };
      if (target.acknowledgedAt) return { kind: 'ack', jobId: target.id, reply: `${target.id} was already acknowledged by ${target.acknowledgedBy}.` };
      const job = await this.dispatch.acknowledge(target.id, owner).catch(refusal);
      if (job instanceof HttpException) return { kind: 'ack', jobId: target.id, reply: cut(job.message, 150) };
      return { kind: 'ack', jobId: job.id, reply: this.acknowledged(job) };
    }
    // The ETA goes on the job this owner has: the one they acknowledged last, else the newest SOS.
    const target =
      (await unit.manager.getRepository(JobEntity).findOne({
        where: { acknowledgedBy: owner, status: In(ACTIVE_JOB_STATUSES) },
        order: { acknowledgedAt: 'DESC' },
      })) ?? (await this.newestSos(unit));
    if (!target) return { kind: 'eta', reply: 'No open job to set an ETA on. Reply ACK first.' };
    const arrival = new Date(Date.now() + command.minutes * 60_000);
    const job = await this.dispatch.updateDetails(target.id, owner, { estimatedArrival: arrival.toISOString() }).catch(refusal);
    if (job instanceof HttpException) return { kind: 'eta', jobId: target.id, reply: cut(job.message, 150) };
    return { kind: 'eta', jobId: job.id, reply: `ETA for ${job.id} set to ${formatPerthDateTime(arrival)} (${command.minutes} min). The customer sees it.` };
  }

  private acknowledged(job: Job): string {
    return `You have ${job.id}: ${cut(job.customerName, REPLY_FIELD_MAX)}, ${job.phone}, ${cut(job.location, REPLY_FIELD_MAX)}. Reply ETA 40 to set the arrival.`;
  }

  /** The newest SOS the owners were alerted to (not one held past its sender's allowance) that is still open. */
  private newestSos(unit: UnitOfWork): Promise<JobEntity | null> {
    const where = { status: 'Emergency' as const, heldAt: IsNull() };
    const jobs = unit.manager.getRepository(JobEntity);
    return jobs
      .findOne({ where: { ...where, acknowledgedAt: IsNull() }, order: { createdAt: 'DESC' } })
      .then((waiting) => waiting ?? jobs.findOne({ where, order: { createdAt: 'DESC' } }));
  }

  /** `ACK JOB-2026-1123456`, or only its number (`ACK 1123456`) as an owner types it on a phone. */
  private async jobByRef(unit: UnitOfWork, ref: string): Promise<JobEntity | null> {
    const jobs = unit.manager.getRepository(JobEntity);
    const exact = await jobs.findOneBy({ id: ref });
    if (exact || !/^\d+$/.test(ref)) return exact;
    return jobs
      .createQueryBuilder('job')
      .where('job.id LIKE :tail', { tail: `JOB-%-${ref}` })
      .andWhere({ status: Not(In(CLOSED_JOB_STATUSES)) })
      .orderBy('job.createdAt', 'DESC')
      .getOne();
  }

  /**
   * A text asking for help becomes an SOS through the one SOS command, counted by the same
   * admission as the page's (its source is the number itself: every text arrives from Twilio's
   * addresses). The MessageSid is its idempotency key: a retry after a crash finds the job.
   */
  private async sos(text: InboundText): Promise<Job> {
    const gps = positionIn(text.body);
    const command: CreateSosRequest = gps
      ? { phone: text.from, notes: text.body, gps }
      : { phone: text.from, location: cut(text.body, LOCATION_MAX), notes: text.body.length > LOCATION_MAX ? text.body : undefined };
    const idempotency = { key: `sms:${text.messageSid}`, fingerprint: createHash('sha256').update(text.messageSid).digest('hex') };
    const admission = { ...(await this.admission.decide(`sms:${text.from}`, text.from, idempotency.key)), byText: true };
    const { job } = await this.jobs.createSos(command, idempotency, undefined, admission);
    this.logger.log(`SOS ${job.id} by text from ${text.from}${gps ? ' with a position' : ''}${admission.held ? ' (held)' : ''}`);
    return job;
  }
}
