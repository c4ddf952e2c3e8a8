import { Processor } from '@nestjs/bullmq';
import type { Redis } from 'ioredis';
import { QUEUES } from '@towing/contracts';
import { InjectQueueOf, type JobOf, type QueueOf } from '@towing/platform';
import { PROMPT_STALL_RECOVERY, QueueConsumer } from '../queues/queue-consumer.js';
import { JobMessageContext } from './job-message-context.js';
import { NotifierService, type OutgoingMessage } from './notifier.service.js';
import { TemplatesService } from '../templates/templates.service.js';
import { WorkerRedis } from './worker-redis.js';

export const FOLDED_REASON = 'SOS burst: counted in the next summary text to the on-call phones';
export const FOLDED_EMAIL_REASON = 'SOS burst: listed in the next summary email to the office';
/** The office's summary lists this many of the window's SOS; the board has them all. */
export const SUMMARY_EMAIL_JOBS = 50;

/** Longer than BullMQ retries one event (12 attempts, exponential from 2 s: about 2.3 hours). */
const DECISION_TTL_MS = 24 * 3600 * 1000;

/**
 * The end of both scripts below, for an SOS the window's summary is to report. KEYS[2]: the
 * window, KEYS[4]: the window whose summary job was last added; `redelivered`: the event was
 * decided before, perhaps without its summary added. Returns {schedule, window start, window
 * ms left}: schedule is 1 when the summary job is to be added (the first such SOS of the window,
 * or a redelivered one), so the rest of a burst adds nothing to the queue. A redelivered event
 * whose window has closed has its summary now (ARGV[1]: now).
 */
const SCHEDULE_ONCE = `
local function summaryFor(redelivered)
  local window = redis.call('GET', KEYS[2])
  if not window then return {1, ARGV[1], 0} end
  local schedule = 0
  if redelivered or redis.call('GET', KEYS[4]) ~= window then
    schedule = 1
    redis.call('SET', KEYS[4], window, 'PX', ARGV[3])
  end
  return {schedule, window, redis.call('PTTL', KEYS[2])}
end
`;

/**
 * KEYS: the event's decision, the window, the window's pending jobs, the window last scheduled;
 * ARGV: now, window ms, decision ttl ms, job id. Returns the event's decision (1: alert, 0:
 * listed for the summary), made on its first run only, then SCHEDULE_ONCE's answer when 0.
 */
const DECIDE_ONCE = `${SCHEDULE_ONCE}
local decided = redis.call('GET', KEYS[1])
if decided then
  if decided == '1' then return {1} end
  return {0, unpack(summaryFor(true))}
end
if redis.call('SET', KEYS[2], ARGV[1], 'PX', ARGV[2], 'NX') then
  redis.call('SET', KEYS[1], 1, 'PX', ARGV[3])
  return {1}
end
redis.call('RPUSH', KEYS[3], ARGV[4])
redis.call('SET', KEYS[1], 0, 'PX', ARGV[3])
return {0, unpack(summaryFor(false))}
`;

/**
 * KEYS: the event's decision, the window, the window's held counts by source, the window last
 * scheduled; ARGV: now, window ms, decision ttl ms, source. Counts a held SOS once per event;
 * returns SCHEDULE_ONCE's answer.
 */
const COUNT_HELD_ONCE = `${SCHEDULE_ONCE}
if redis.call('GET', KEYS[1]) then return summaryFor(true) end
redis.call('HINCRBY', KEYS[3], ARGV[4], 1)
redis.call('SET', KEYS[1], 'held', 'PX', ARGV[3])
redis.call('SET', KEYS[2], ARGV[1], 'PX', ARGV[2], 'NX')
return summaryFor(false)
`;

/** SCHEDULE_ONCE's answer: whether to add the summary job, the window's start (ms, as a string) and its ms left. */
type SummaryAnswer = [schedule: number, windowStart: string, remaining: number];

/** KEYS: the held counts by source; ARGV: source, count pairs. Takes off what a summary has reported. */
const TAKE_HELD = `
for i = 1, #ARGV, 2 do
  if redis.call('HINCRBY', KEYS[1], ARGV[i], -tonumber(ARGV[i + 1])) <= 0 then redis.call('HDEL', KEYS[1], ARGV[i]) end
end
return 0
`;

/**
 * Keeps an SOS flood from texting the on-call owners, and emailing the office, once per SOS.
 * The first SOS opens a one-minute window (SOS_ALERT_WINDOW_SECONDS) and is alerted in full;
 * SOS inside the window are listed, and when it closes the owners get one summary text ("7 more
 * SOS in the last minute, see the board") and the office one email listing them, which opens
 * the next window. The window and the list live in Redis, so several workers share them, and
 * the summary is a delayed BullMQ job, so it is sent even if the burst stops.
 */
@Processor(QUEUES.sosAlertSummaries, { ...PROMPT_STALL_RECOVERY, autorun: false })
export class SosAlertThrottle extends QueueConsumer<'sos-alert-summaries'> {
  private readonly redis: Redis;
  private readonly decideOnce: (...keysThenArgs: string[]) => Promise<unknown>;
  private readonly countHeldOnce: (...keysThenArgs: string[]) => Promise<unknown>;

  constructor(
    private readonly workerRedis: WorkerRedis,
    private readonly notifier: NotifierService,
    private readonly templates: TemplatesService,
    private readonly jobs: JobMessageContext,
    @InjectQueueOf(QUEUES.sosAlertSummaries) private readonly queue: QueueOf<'sos-alert-summaries'>,
  ) {
    super();
    this.redis = workerRedis.connection;
    this.decideOnce = workerRedis.script('towingSosAlertDecideOnce', 4, DECIDE_ONCE);
    this.countHeldOnce = workerRedis.script('towingSosAlertCountHeldOnce', 4, COUNT_HELD_ONCE);
    queue.on('error', () => undefined);
  }

  /** SOS_ALERT_WINDOW_SECONDS: one alert, then at most one summary per window. */
  private get windowMs(): number {
    return this.workerRedis.environment.sms.sosAlertWindowSeconds * 1000;
  }

  private get windowKey(): string {
    return this.workerRedis.key('sos-alerts:window');
  }

  /** The ids of the SOS folded in the open window, oldest first. */
  private get pendingKey(): string {
    return this.workerRedis.key('sos-alerts:pending-jobs');
  }

  /** The window whose summary job was last added. */
  private get scheduledKey(): string {
    return this.workerRedis.key('sos-alerts:summary-scheduled');
  }

  /** Held SOS of the open window, counted by source: the summary says "612 SOS from one address: held, not texted". */
  private get heldKey(): string {
    return this.workerRedis.key('sos-alerts:held-by-source');
  }

  /**
   * A held SOS alerts nobody; the owners read of it in the window's summary, one line for all
   * of them. Counted once per event. With SOS_ALERT_WINDOW_SECONDS 0 there is no summary: the
   * board shows the held sources.
   */
  async countHeld(eventId: string, source: string): Promise<void> {
    if (this.windowMs === 0) return;
    const summary = (await this.countHeldOnce(
      this.workerRedis.key(`sos-alerts:decided:${eventId}`),
      this.windowKey,
      this.heldKey,
      this.scheduledKey,
      String(Date.now()),
      String(this.windowMs),
      String(DECISION_TTL_MS),
      source,
    )) as SummaryAnswer;
    await this.scheduleSummary(summary);
  }

  /** One summary job per window: the job id names the window, so adding it again adds nothing. */
  private async scheduleSummary([schedule, windowStart, remaining]: SummaryAnswer): Promise<void> {
    if (schedule !== 1) return;
    await this.queue.add('summary', {}, { jobId: `summary-${windowStart}`, delay: Math.max(remaining, 0) });
  }

  /**
   * True when this SOS opens a window and is alerted in full; false when it is listed for the
   * summary. Decided once per event (in one Redis script): a redelivered event gets the same
   * answer and is not listed again.
   */
  async shouldAlert(eventId: string, jobId: string): Promise<boolean> {
    if (this.windowMs === 0) return true;
    const [decision, ...summary] = (await this.decideOnce(
      this.workerRedis.key(`sos-alerts:decided:${eventId}`),
      this.windowKey,
      this.pendingKey,
      this.scheduledKey,
      String(Date.now()),
      String(this.windowMs),
      String(DECISION_TTL_MS),
      jobId,
    )) as [number, ...SummaryAnswer];
    if (decision === 1) return true;
    await this.scheduleSummary(summary);
    return false;
  }

  process(job: JobOf<'sos-alert-summaries'>): Promise<void> {
    return this.sendSummary(job.id ?? `summary-${Date.now()}`);
  }

  /** Sent before the list is taken off, so a failed send is retried with it (the notifier never repeats a sent one). */
  private async sendSummary(summaryId: string): Promise<void> {
    const [jobIds, heldBySource] = await Promise.all([this.redis.lrange(this.pendingKey, 0, -1), this.redis.hgetall(this.heldKey)]);
    const count = jobIds.length;
    const held = Object.values(heldBySource).reduce((sum, value) => sum + Number(value), 0);
    if (count === 0 && held === 0) return;
    const { oncallPhones, businessEmail } = this.workerRedis.environment;
    const seconds = this.windowMs / 1000;
    const period = seconds === 60 ? 'minute' : `${seconds} seconds`;
    const { boardUrl } = this.notifier;
    const sourceCount = Object.keys(heldBySource).length;
    const sources = sourceCount === 1 ? 'one address' : `${sourceCount} addresses`;
    const body = this.templates.sms('sms/sos-summary', { count, period, boardUrl, held, sources });
    const listed = await this.jobs.lines(jobIds.slice(-SUMMARY_EMAIL_JOBS));
    const messages: OutgoingMessage[] = oncallPhones.map((phone) => ({ channel: 'sms' as const, to: phone, body }));
    // Held SOS are on the board alone: the office's email lists the ones that went out.
    if (count > 0) {
      messages.push({
        channel: 'email',
        to: businessEmail,
        subject: `URGENT: ${count} more SOS in the last ${period}`,
        html: this.templates.email('email/sos-summary', { count, period, boardUrl, jobs: listed, unlisted: Math.max(count - listed.length, 0) || null }),
      });
    }
    await this.notifier.deliverAll({ eventId: summaryId }, messages);
    await this.redis.ltrim(this.pendingKey, count, -1);
    if (held > 0) await this.redis.eval(TAKE_HELD, 1, this.heldKey, ...Object.entries(heldBySource).flat());
    // The burst may go on: the next minute's SOS are counted for the next summary.
    const windowStart = Date.now();
    await this.redis.set(this.windowKey, String(windowStart), 'PX', this.windowMs);
    await this.queue.add('summary', {}, { jobId: `summary-${windowStart}`, delay: this.windowMs });
  }
}
