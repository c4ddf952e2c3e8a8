import { BUSINESS } from './business.js';

/**
 * The escalation ladder (issue 18): an SOS nobody acknowledged climbs these rungs until someone
 * does. Rung 0 is the on-call text sent with the SOS itself (and the push where a device is
 * subscribed); the rungs here are delayed jobs, each timed from the ladder's start. Acknowledging
 * from any channel stops the climb. The delays are the defaults of ESCALATION_DELAYS_MS.
 */
export interface EscalationRung {
  /** Which on-call phones (ONCALL_PHONES, in order) are called: 0 the first, 1 the second. */
  call: readonly number[];
  /** The office is emailed that nobody has acknowledged. */
  emailOffice: boolean;
}

export const ESCALATION_RUNGS: readonly EscalationRung[] = [
  { call: [0], emailOffice: false },
  { call: [1], emailOffice: false },
  { call: [0, 1], emailOffice: true },
];

/** When each rung of ESCALATION_RUNGS is taken, in ms after the SOS: 2, 4 and 6 minutes. */
export const ESCALATION_DELAYS_MS: readonly number[] = [120_000, 240_000, 360_000];

/** The job history's author of every line the ladder writes. */
export const ESCALATION_ACTOR = 'Escalation';

/** How a ladder call ended, as Twilio's status callback and the keypress tell it. */
export const CALL_OUTCOMES = ['ringing', 'acknowledged', 'answered', 'no-answer', 'busy', 'failed', 'canceled'] as const;
export type CallOutcome = (typeof CALL_OUTCOMES)[number];

/** The words the board's SOS card uses for an outcome: "called Dean 02:14, no answer". */
export const CALL_OUTCOME_WORDS: Record<CallOutcome, string> = {
  ringing: 'ringing',
  acknowledged: 'acknowledged by keypress',
  answered: 'answered, no key pressed',
  'no-answer': 'no answer',
  busy: 'busy',
  failed: 'call failed',
  canceled: 'call cancelled',
};

/** The ladder of one SOS as the board's card shows it. */
export interface EscalationTrail {
  /** Each rung taken, oldest first: "called Dean 02:14, no answer", "emailed the office 02:18". */
  steps: Array<{ at: string; text: string }>;
  /** Running, stopped by an acknowledgement, or every rung taken; null when the SOS has no ladder. */
  state: 'climbing' | 'acknowledged' | 'exhausted' | null;
  /** Set when our text to the stranded person was not delivered: the card asks the dispatcher to call. */
  callerUnreached: string | null;
}

/** Who answers an on-call phone, as the ladder's trail and the keypress name them: the owner with that number, else its place in ONCALL_PHONES. */
export function oncallOwner(phone: string, index: number): string {
  return BUSINESS.staff.find((member) => member.phoneE164 === phone)?.firstName ?? `on-call phone ${index + 1}`;
}
