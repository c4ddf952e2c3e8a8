import { randomBytes } from 'node:crypto';
import { Processor } from '@nestjs/bullmq';
import { Inject } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { callerUnreachedText, CLOSED_JOB_STATUSES, deliveryErrorWords, ESCALATION_RUNGS, oncallOwner, QUEUES, toE164 } from '@towing/contracts';
import { ENVIRONMENT, type Environment, InjectQueueOf, type JobOf, type QueueOf, SocketEmitter } from '@towing/platform';
import { escalationJobIds, findStep, finishEscalation, stepText, waitingSos, writeEscalationHistory } from '@towing/db';
import type { AlongsideRead } from '../notifications/job-message-context.js';
import { NotifierService } from '../notifications/notifier.service.js';
import { PROMPT_STALL_RECOVERY, QueueConsumer } from '../queues/queue-consumer.js';
import { TemplatesService } from '../templates/templates.service.js';
import { VoiceCaller } from './voice-caller.js';

/** How far before a step's own time a call in Twilio's log may read: its times are to the second, and clocks differ. */
const CALL_LOG_SKEW_MS = 5000;

/**
 * Whether the ladder `e` has an SOS nobody acknowledged that is still open (`closed`: the
 * parameter holding the closed statuses). A first row is enough, and the LIMIT makes PostgreSQL
 * plan for one: as an EXISTS, it hashed every SOS of the ladder for each SOS that joined it: in a
 * burst of 3,000, about a millisecond of the database's CPU for each new SOS, and growing.
 */
const hasWaitingSos = (closed: string) =>
  `COALESCE((SELECT true FROM escalation_jobs w JOIN jobs j ON j.id = w.job_id WHERE w.escalation_id = e.id AND j.acknowledged_at IS NULL AND j.status <> ALL(${closed}) LIMIT 1), false)`;

/**
 * Run as an SOS is read ($1: the SOS; its own parameter: the closed statuses): the ladder it is
 * already on (a redelivered event), else whether it still waits (not acknowledged) and, when it
 * does, the climbing ladder it joined: one with an SOS still waiting.
 */
const JOINING: Omit<AlongsideRead<Joining>, 'read'> = {
  params: [[...CLOSED_JOB_STATUSES]],
  sql: ([closed]) => ({
    ctes: `member AS (
    SELECT e.id, e.started_at, e.finished_at FROM escalation_jobs ej JOIN escalations e ON e.id = ej.escalation_id WHERE ej.job_id = $1
  ), waiting AS (
    SELECT id FROM jobs WHERE id = $1 AND acknowledged_at IS NULL AND NOT EXISTS (SELECT 1 FROM member)
  ), joined AS (
    INSERT INTO escalation_jobs (job_id, escalation_id)
    SELECT waiting.id, e.id FROM waiting, escalations e WHERE e.finished_at IS NULL AND ${hasWaitingSos(closed)}
    ON CONFLICT DO NOTHING RETURNING escalation_id
  )`,
    answer: `json_build_object('memberOf', (SELECT id FROM member), 'startedAt', (SELECT started_at FROM member), 'finished', (SELECT finished_at IS NOT NULL FROM member),
    'waiting', EXISTS (SELECT 1 FROM waiting), 'joined', (SELECT escalation_id FROM joined))`,
  }),
};

/** What joining the ladder did as the SOS was read. */
export interface Joining {
  /** The ladder the SOS was on already, when it was: when it started, and whether it has finished. */
  memberOf: { id: number; startedAt: Date; finished: boolean } | null;
  /** The SOS is not acknowledged. */
  waiting: boolean;
  /** The climbing ladder it joined. */
  joined: number | null;
}

/** A rung's BullMQ job id names the ladder and the rung: added again, it is the same job. */
export const rungJobId = (escalationId: number, rung: number): string => `ladder-${escalationId}-rung-${rung}`;

/**
 * The escalation ladder (issue 18): an SOS nobody acknowledged climbs ESCALATION_RUNGS, each a
 * delayed BullMQ job timed from the ladder's start (ESCALATION_DELAYS_MS): a call to the first
 * on-call phone, then the second, then both and an email to the office. One ladder climbs at a
 * time: the SOS of a burst join it rather than each starting its own. A rung does nothing once
 * every SOS of its ladder is acknowledged, from whatever channel. All of it is in PostgreSQL
 * and Redis, so a worker or API restart mid-climb loses nothing: the delayed jobs wait in
 * Redis, and a rung tried again finds the calls it already placed.
 */
@Processor(QUEUES.sosEscalation, { ...PROMPT_STALL_RECOVERY, autorun: false })
export class EscalationLadder extends QueueConsumer<'sos-escalation'> {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @InjectQueueOf(QUEUES.sosEscalation) private readonly queue: QueueOf<'sos-escalation'>,
    private readonly voice: VoiceCaller,
    private readonly notifier: NotifierService,
    private readonly templates: TemplatesService,
    private readonly realtime: SocketEmitter,
    @Inject(ENVIRONMENT) private readonly environment: Environment,
  ) {
    super();
    queue.on('error', () => undefined);
  }

  /**
   * Puts an SOS on the climbing ladder, starting one when none climbs, as it is read
   * (JobMessageContext.load; `join` finishes it). A redelivered event finds the SOS already on
   * its ladder and only makes sure the rungs are queued. Joining a ladder that climbs takes no
   * statement of its own, as it is for every SOS of a burst; its rungs were queued by the event
   * that started it, which is retried until they are.
   */
  readonly joining: AlongsideRead<Joining> = {
    ...JOINING,
    read: (answer) => {
      const { memberOf, startedAt, finished, waiting, joined } = answer as { memberOf: number | null; startedAt: string | null; finished: boolean | null; waiting: boolean; joined: number | null };
      return { memberOf: memberOf === null ? null : { id: memberOf, startedAt: new Date(startedAt!), finished: finished === true }, waiting, joined };
    },
  };

  async join(jobId: string, { memberOf, waiting, joined }: Joining): Promise<void> {
    if (memberOf) {
      if (!memberOf.finished) await this.queueRungs(memberOf.id, memberOf.startedAt);
      return;
    }
    if (!waiting || joined !== null) return;
    // One SOS at a time starts a ladder: a new ladder has no SOS until its first joins, and
    // another SOS's worker would otherwise finish it as "all acknowledged" in between and
    // start a second ladder (two SOS seconds apart, two calls to the same owner).
    const ladder = await this.dataSource.transaction(async (manager) => {
      await manager.query(`SELECT pg_advisory_xact_lock(hashtext('escalation-ladder-start'))`);
      // A ladder whose SOS were all acknowledged stops climbing; a new SOS starts its own, from its own first rung.
      await manager.query(`UPDATE escalations e SET finished_at = now(), outcome = 'acknowledged' WHERE e.finished_at IS NULL AND NOT ${hasWaitingSos('$1')}`, [[...CLOSED_JOB_STATUSES]]);
      await manager.query(`INSERT INTO escalations DEFAULT VALUES ON CONFLICT DO NOTHING`);
      const [open] = (await manager.query(`SELECT id, started_at AS "startedAt" FROM escalations WHERE finished_at IS NULL`)) as Array<{ id: number; startedAt: Date }>;
      if (open) await manager.query(`INSERT INTO escalation_jobs (job_id, escalation_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`, [jobId, open.id]);
      return open;
    });
    if (!ladder) return;
    await this.queueRungs(ladder.id, ladder.startedAt);
  }

  private async queueRungs(escalationId: number, startedAt: Date): Promise<void> {
    const { escalationDelaysMs } = this.environment;
    await Promise.all(
      ESCALATION_RUNGS.map((_, rung) =>
        this.queue.add('rung', { escalationId, rung }, { jobId: rungJobId(escalationId, rung), delay: Math.max(0, startedAt.getTime() + escalationDelaysMs[rung]! - Date.now()) }),
      ),
    );
  }

  process(job: JobOf<'sos-escalation'>): Promise<void> {
    const { data } = job;
    return 'messageSid' in data ? this.undelivered(data.messageSid, data.errorCode) : this.climb(data.escalationId, data.rung);
  }

  /**
   * A text Twilio could not deliver: an on-call alert for a climbing ladder's SOS takes its next
   * rung now instead of at its time; one to the stranded person puts a flag on the SOS card.
   * Retried (BullMQ backoff) until the text's row carries the SID: the receipt can come first.
   */
  private async undelivered(messageSid: string, errorCode: number | null): Promise<void> {
    const manager = this.dataSource.manager;
    const [text] = (await manager.query(
      `SELECT n.job_id AS "jobId", n.recipient_phone AS "phone", j.phone_e164 AS "callerPhone" FROM notifications n LEFT JOIN jobs j ON j.id = n.job_id WHERE n.provider_message_id = $1 AND n.type = 'sms'`,
      [messageSid],
    )) as Array<{ jobId: string | null; phone: string; callerPhone: string | null }>;
    if (!text) throw new Error(`No text of ours has SID ${messageSid} yet`);
    if (!text.jobId) return;
    if (this.environment.oncallPhones.some((phone) => (toE164(phone) ?? phone) === text.phone)) {
      await this.advance(text.jobId);
      return;
    }
    if (text.callerPhone === text.phone) {
      await writeEscalationHistory(manager, [text.jobId], callerUnreachedText(deliveryErrorWords(errorCode) ?? 'not delivered'));
      this.realtime.toAdmins('job:escalation', { jobId: text.jobId });
    }
  }

  /** The ladder of this SOS takes its first rung not yet taken now. */
  private async advance(jobId: string): Promise<void> {
    const manager = this.dataSource.manager;
    const [ladder] = (await manager.query(
      `SELECT e.id FROM escalation_jobs ej JOIN escalations e ON e.id = ej.escalation_id WHERE ej.job_id = $1 AND e.finished_at IS NULL`,
      [jobId],
    )) as Array<{ id: number }>;
    if (!ladder) return;
    const taken = new Set(((await manager.query(`SELECT DISTINCT rung FROM escalation_steps WHERE escalation_id = $1`, [ladder.id])) as Array<{ rung: number }>).map((row) => row.rung));
    const next = ESCALATION_RUNGS.findIndex((_, rung) => !taken.has(rung));
    if (next < 0) return;
    const rungJob = await this.queue.getJob(rungJobId(ladder.id, next));
    if (!rungJob || !(await rungJob.isDelayed())) return;
    await rungJob.promote();
    this.logger.log(`An on-call alert for ${jobId} was not delivered: rung ${next + 1} of ladder ${ladder.id} taken now`);
  }

  private async climb(escalationId: number, rung: number): Promise<void> {
    const manager = this.dataSource.manager;
    const [ladder] = (await manager.query(`SELECT finished_at AS "finishedAt" FROM escalations WHERE id = $1`, [escalationId])) as Array<{ finishedAt: Date | null }>;
    if (!ladder || ladder.finishedAt) return;
    const waiting = await waitingSos(manager, escalationId);
    if (waiting.length === 0) {
      await finishEscalation(manager, escalationId, 'acknowledged');
      return;
    }
    const step = ESCALATION_RUNGS[rung]!;
    const { oncallPhones } = this.environment;
    const calls = await Promise.allSettled(step.call.flatMap((index) => (oncallPhones[index] ? [this.call(escalationId, rung, oncallPhones[index], index)] : [])));
    if (step.emailOffice) await this.emailOffice(escalationId, rung, waiting);
    const failed = calls.filter((result): result is PromiseRejectedResult => result.status === 'rejected');
    // Tried again by BullMQ: the calls already placed are found, not placed twice.
    if (failed.length > 0) throw new AggregateError(failed.map((result) => result.reason), `${failed.length} escalation call(s) failed`);
    if (rung === ESCALATION_RUNGS.length - 1) await finishEscalation(manager, escalationId, 'exhausted');
  }

  /**
   * One call per (ladder, rung, owner): its step is written before Twilio is asked, and the SID
   * after. A rung tried again (its worker died, or Twilio's answer never came) first looks in
   * Twilio's call log for the call it may have placed without learning its SID.
   */
  private async call(escalationId: number, rung: number, phone: string, index: number): Promise<void> {
    const manager = this.dataSource.manager;
    const owner = oncallOwner(phone, index);
    const token = randomBytes(24).toString('base64url');
    const inserted = (await manager.query(
      `INSERT INTO escalation_steps (escalation_id, rung, kind, owner, phone, token, outcome) VALUES ($1, $2, 'call', $3, $4, $5, 'ringing') ON CONFLICT DO NOTHING RETURNING id`,
      [escalationId, rung, owner, phone, token],
    )) as unknown[];
    const step = await findStep(manager, escalationId, rung, 'call', owner);
    if (inserted.length > 0) await this.tell(escalationId, `Rung ${rung + 1}: calling ${owner} (${phone})`);
    if (step.callSid) return;
    const sid = (inserted.length === 0 ? await this.placedBefore(phone, step.at) : null) ?? (await this.voice.call(phone, step.token!));
    if (sid) {
      await manager.query(`UPDATE escalation_steps SET call_sid = $2 WHERE id = $1`, [step.id, sid]);
      return;
    }
    await manager.query(`UPDATE escalation_steps SET outcome = 'failed', ended_at = now() WHERE id = $1`, [step.id]);
    await this.tell(escalationId, `${stepText({ ...step, outcome: 'failed' })}: no voice provider configured (TWILIO_*)`);
  }

  /**
   * The call Twilio placed for a step on an earlier try: one to `phone` since the step was written
   * (`at`, less CALL_LOG_SKEW_MS: Twilio's times are to the second), that no step of ours owns.
   */
  private async placedBefore(phone: string, at: Date): Promise<string | null> {
    const placed = await this.voice.placedSince(phone, new Date(at.getTime() - CALL_LOG_SKEW_MS));
    if (placed.length === 0) return null;
    const owned = (await this.dataSource.manager.query(`SELECT call_sid AS "callSid" FROM escalation_steps WHERE call_sid = ANY($1)`, [placed])) as Array<{ callSid: string }>;
    return placed.find((sid) => !owned.some((row) => row.callSid === sid)) ?? null;
  }

  private async emailOffice(escalationId: number, rung: number, waiting: Awaited<ReturnType<typeof waitingSos>>): Promise<void> {
    const manager = this.dataSource.manager;
    const oldest = waiting[0]!;
    const calls = (await manager.query(`SELECT owner, outcome, at, kind FROM escalation_steps WHERE escalation_id = $1 AND kind = 'call' ORDER BY at, id`, [escalationId])) as Parameters<typeof stepText>[0][];
    await this.notifier.deliver(
      { eventId: `escalation-${escalationId}-rung-${rung}`, jobId: oldest.id },
      {
        channel: 'email',
        to: this.environment.businessEmail,
        subject: `URGENT: nobody has acknowledged SOS ${oldest.id} - ${oldest.customerName}, ${oldest.location}`,
        html: this.templates.email('email/sos-unacknowledged', {
          jobId: oldest.id,
          customerName: oldest.customerName,
          location: oldest.location,
          waited: Math.max(1, Math.round((Date.now() - oldest.createdAt.getTime()) / 60_000)),
          count: waiting.length,
          more: waiting.length > 1 ? waiting.length - 1 : null,
          calls: calls.map(stepText).join('; ') || 'none',
          boardUrl: this.notifier.boardUrl,
        }),
      },
    );
    const inserted = (await manager.query(
      `INSERT INTO escalation_steps (escalation_id, rung, kind, owner, outcome) VALUES ($1, $2, 'email', 'office', 'sent') ON CONFLICT DO NOTHING RETURNING id`,
      [escalationId, rung],
    )) as unknown[];
    if (inserted.length > 0) await this.tell(escalationId, `Rung ${rung + 1}: emailed the office that nobody has acknowledged`);
  }

  /** A line on the history of every SOS of the ladder, and their cards read their trail again. */
  private async tell(escalationId: number, message: string): Promise<void> {
    const jobIds = await escalationJobIds(this.dataSource.manager, escalationId);
    await writeEscalationHistory(this.dataSource.manager, jobIds, message);
    for (const jobId of jobIds) this.realtime.toAdmins('job:escalation', { jobId });
  }
}
