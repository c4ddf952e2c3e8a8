import type { EntityManager } from 'typeorm';
import { CALL_OUTCOME_WORDS, type CallOutcome, CLOSED_JOB_STATUSES, ESCALATION_ACTOR, type EscalationTrail, formatPerthClock } from '@towing/contracts';

/**
 * The escalation ladder's rows (migration EscalationLadderAndDeliveryReceipts), read and written
 * the same way by the worker, which climbs it, and the API, whose Twilio webhooks end its calls.
 */

export interface WaitingSos {
  id: string;
  customerName: string;
  location: string;
  gpsLat: number | null;
  gpsLng: number | null;
  createdAt: Date;
}

export interface EscalationStep {
  id: number;
  escalationId: number;
  rung: number;
  kind: 'call' | 'email';
  owner: string;
  phone: string | null;
  token: string | null;
  callSid: string | null;
  outcome: CallOutcome | 'sent' | null;
  at: Date;
}

const STEP_COLUMNS = `id, escalation_id AS "escalationId", rung, kind, owner, phone, token, call_sid AS "callSid", outcome, at`;

/** The ladder's SOS that nobody has acknowledged and that are still open, oldest first. */
export function waitingSos(manager: EntityManager, escalationId: number): Promise<WaitingSos[]> {
  return manager.query(
    `SELECT j.id, j.customer_name AS "customerName", j.location, j.gps_lat AS "gpsLat", j.gps_lng AS "gpsLng", j.created_at AS "createdAt"
       FROM escalation_jobs e JOIN jobs j ON j.id = e.job_id
      WHERE e.escalation_id = $1 AND j.acknowledged_at IS NULL AND j.status <> ALL($2)
      ORDER BY j.created_at, j.id`,
    [escalationId, [...CLOSED_JOB_STATUSES]],
  );
}

/** The call a Twilio webhook's token names, or null for a token we never handed out. */
export async function callByToken(manager: EntityManager, token: string): Promise<EscalationStep | null> {
  const [step] = (await manager.query(`SELECT ${STEP_COLUMNS} FROM escalation_steps WHERE token = $1 AND kind = 'call'`, [token])) as EscalationStep[];
  return step ?? null;
}

export async function findStep(manager: EntityManager, escalationId: number, rung: number, kind: 'call' | 'email', owner: string): Promise<EscalationStep> {
  const [step] = (await manager.query(`SELECT ${STEP_COLUMNS} FROM escalation_steps WHERE escalation_id = $1 AND rung = $2 AND kind = $3 AND owner = $4`, [escalationId, rung, kind, owner])) as EscalationStep[];
  return step!;
}

/** Marks the ladder finished (its SOS acknowledged, or every rung taken); the first word stands. */
export async function finishEscalation(manager: EntityManager, escalationId: number, outcome: 'acknowledged' | 'exhausted'): Promise<void> {
  await manager.query(`UPDATE escalations SET finished_at = now(), outcome = $2 WHERE id = $1 AND finished_at IS NULL`, [escalationId, outcome]);
}

/** Writes one line on the history of each SOS given, by the ladder (ESCALATION_ACTOR). */
export async function writeEscalationHistory(manager: EntityManager, jobIds: string[], message: string): Promise<void> {
  if (jobIds.length === 0) return;
  await manager.query(
    `INSERT INTO job_updates (job_id, status, message, actor) SELECT id, status, $2, $3 FROM jobs WHERE id = ANY($1)`,
    [jobIds, message, ESCALATION_ACTOR],
  );
}

/** The SOS of a ladder, acknowledged or not: every one of them shows the ladder's steps. */
export async function escalationJobIds(manager: EntityManager, escalationId: number): Promise<string[]> {
  const rows = (await manager.query(`SELECT job_id AS "jobId" FROM escalation_jobs WHERE escalation_id = $1`, [escalationId])) as Array<{ jobId: string }>;
  return rows.map((row) => row.jobId);
}

/** "called Dean 02:14, no answer", "emailed the office 02:18". */
export function stepText(step: Pick<EscalationStep, 'kind' | 'owner' | 'outcome' | 'at'>): string {
  const at = formatPerthClock(step.at);
  if (step.kind === 'email') return `emailed the office ${at}: nobody has acknowledged`;
  const outcome = step.outcome && step.outcome !== 'sent' ? CALL_OUTCOME_WORDS[step.outcome] : CALL_OUTCOME_WORDS.ringing;
  return `called ${step.owner} ${at}, ${outcome}`;
}

/** The trail the board's SOS card shows for one job; callerUnreached is filled in by the API from the notifications. */
export async function escalationTrail(manager: EntityManager, jobId: string): Promise<Omit<EscalationTrail, 'callerUnreached'>> {
  const [ladder] = (await manager.query(
    `SELECT e.id, e.finished_at AS "finishedAt", j.acknowledged_at AS "acknowledgedAt"
       FROM escalation_jobs ej JOIN escalations e ON e.id = ej.escalation_id JOIN jobs j ON j.id = ej.job_id WHERE ej.job_id = $1`,
    [jobId],
  )) as Array<{ id: number; finishedAt: Date | null; acknowledgedAt: Date | null }>;
  if (!ladder) return { steps: [], state: null };
  const steps = (await manager.query(`SELECT ${STEP_COLUMNS} FROM escalation_steps WHERE escalation_id = $1 ORDER BY at, id`, [ladder.id])) as EscalationStep[];
  const state = ladder.acknowledgedAt ? 'acknowledged' : ladder.finishedAt ? 'exhausted' : 'climbing';
  return { steps: steps.map((step) => ({ at: step.at.toISOString(), text: stepText(step) })), state };
}
