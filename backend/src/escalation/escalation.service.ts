import { Inject, Injectable, StreamableFile } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import VoiceResponse from 'twilio/lib/twiml/VoiceResponse.js';
import { type CallOutcome, callerUnreachedText, deliveryErrorWords, type EscalationTrail, QUEUES, twilioWebhookUrl, voiceCallPaths } from '@towing/contracts';
import { callByToken, escalationJobIds, type EscalationStep, escalationTrail, finishEscalation, stepText, waitingSos, writeEscalationHistory } from '@towing/db';
import { ENVIRONMENT, type Environment, InjectQueueOf, type QueueOf } from '@towing/platform';
import { forbidden } from '../common/errors.js';
import { JobDispatchService } from '../jobs/job-dispatch.service.js';
import { jobNotFound } from '../jobs/jobs.service.js';
import { RealtimeService } from '../realtime/realtime.service.js';
import { spokenSos } from './spoken-sos.js';

/** How long the call waits for the keypress after asking. */
const GATHER_SECONDS = 8;
const VOICE = { language: 'en-AU' } as const;
/** Twilio's CallStatus values that end a call, as the ladder's outcomes. */
const ENDED: Record<string, CallOutcome> = { completed: 'answered', 'no-answer': 'no-answer', busy: 'busy', failed: 'failed', canceled: 'canceled' };

const xml = (response: VoiceResponse): StreamableFile => {
  const bytes = Buffer.from(response.toString(), 'utf8');
  return new StreamableFile(bytes, { type: 'text/xml; charset=utf-8', length: bytes.length });
};

/**
 * The API's side of the escalation ladder: what a ladder call says and what its keypress does
 * (Twilio's webhooks, signature-checked before they reach here), how the call ended, moving the
 * ladder on when an on-call text did not arrive, and the trail the board's SOS card shows.
 */
@Injectable()
export class EscalationService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly dispatch: JobDispatchService,
    private readonly realtime: RealtimeService,
    @InjectQueueOf(QUEUES.sosEscalation) private readonly queue: QueueOf<'sos-escalation'>,
    @Inject(ENVIRONMENT) private readonly environment: Environment,
  ) {}

  /** The call a token names; any other token is refused like a bad signature, and nothing is stored. */
  private async call(token: string): Promise<EscalationStep> {
    const step = await callByToken(this.dataSource.manager, token);
    if (!step) throw forbidden('This call is not ours');
    return step;
  }

  /** The call's words: who, where, how long; then press 1. Said again once if no key comes. */
  async twiml(token: string): Promise<StreamableFile> {
    const step = await this.call(token);
    const waiting = await waitingSos(this.dataSource.manager, step.escalationId);
    const response = new VoiceResponse();
    if (waiting.length === 0) {
      response.say(VOICE, 'The SOS has been acknowledged already. Thank you. Goodbye.');
      return xml(response);
    }
    const action = twilioWebhookUrl(this.environment.publicUrl, voiceCallPaths(token).gather);
    for (let round = 0; round < 2; round += 1) {
      const gather = response.gather({ numDigits: 1, action, method: 'POST', timeout: GATHER_SECONDS });
      gather.say(VOICE, spokenSos(waiting));
      gather.say(VOICE, 'Press 1 to acknowledge.');
    }
    response.say(VOICE, 'No key pressed. We will keep trying. Goodbye.');
    return xml(response);
  }

  /** "1" acknowledges every SOS of the ladder still waiting, as the owner this call rang; anything else asks again. */
  async keypress(token: string, digits: string | undefined): Promise<StreamableFile> {
    const step = await this.call(token);
    const response = new VoiceResponse();
    if (digits !== '1') {
      response.say(VOICE, 'That was not 1.');
      response.redirect({ method: 'POST' }, twilioWebhookUrl(this.environment.publicUrl, voiceCallPaths(token).twiml));
      return xml(response);
    }
    const manager = this.dataSource.manager;
    const waiting = await waitingSos(manager, step.escalationId);
    for (const sos of waiting) await this.dispatch.acknowledge(sos.id, step.owner);
    await manager.query(`UPDATE escalation_steps SET outcome = 'acknowledged', ended_at = coalesce(ended_at, now()) WHERE id = $1`, [step.id]);
    await finishEscalation(manager, step.escalationId, 'acknowledged');
    await this.tell(step.escalationId, `${step.owner} acknowledged by pressing 1 on the call`);
    response.say(VOICE, waiting.length > 0 ? `Acknowledged. Thank you, ${step.owner}. The board shows you have it. Goodbye.` : 'The SOS was acknowledged already. Thank you. Goodbye.');
    return xml(response);
  }

  /** How the call ended, once (Twilio may send it again): no answer, busy, failed, or answered without the key. */
  async callEnded(token: string, callStatus: string | undefined): Promise<void> {
    const step = await this.call(token);
    const outcome = callStatus ? ENDED[callStatus] : undefined;
    if (!outcome) return;
    const ended = (await this.dataSource.manager.query(
      `UPDATE escalation_steps SET outcome = $2, ended_at = now() WHERE id = $1 AND outcome = 'ringing' RETURNING id`,
      [step.id, outcome],
    )) as [unknown[], number];
    if (ended[1] === 0) return;
    await this.tell(step.escalationId, stepText({ ...step, outcome }));
  }

  /**
   * Twilio said a text did not arrive. The worker acts on it (an on-call alert moves its ladder
   * on, one to the stranded person flags the card) once the text's row carries the SID, which a
   * receipt can beat: the job is retried until then. Added once per receipt.
   */
  async undelivered(messageSid: string, errorCode: number | null): Promise<void> {
    await this.queue.add('undelivered', { messageSid, errorCode }, { jobId: `undelivered-${messageSid}` });
  }

  /** The SOS card's trail, and whether the newest text to the caller failed to arrive. */
  async trail(id: string): Promise<EscalationTrail> {
    const jobId = id.toUpperCase();
    const manager = this.dataSource.manager;
    const [job] = (await manager.query(`SELECT phone_e164 AS phone FROM jobs WHERE id = $1`, [jobId])) as Array<{ phone: string | null }>;
    if (!job) throw jobNotFound(id);
    const [latest] = (await manager.query(
      `SELECT delivery_status AS "status", delivery_error_code AS "code" FROM notifications
        WHERE job_id = $1 AND type = 'sms' AND recipient_phone = $2 AND provider_message_id IS NOT NULL ORDER BY created_at DESC, id DESC LIMIT 1`,
      [jobId, job.phone],
    )) as Array<{ status: string | null; code: number | null }>;
    const unreached = latest && (latest.status === 'undelivered' || latest.status === 'failed');
    return { ...(await escalationTrail(manager, jobId)), callerUnreached: unreached ? callerUnreachedText(deliveryErrorWords(latest.code) ?? 'not delivered') : null };
  }

  private async tell(escalationId: number, message: string): Promise<void> {
    const jobIds = await escalationJobIds(this.dataSource.manager, escalationId);
    await writeEscalationHistory(this.dataSource.manager, jobIds, message);
    for (const jobId of jobIds) this.realtime.toAdmins('job:escalation', { jobId });
  }
}
