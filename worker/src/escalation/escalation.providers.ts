import type { Provider } from '@nestjs/common';
import { ENVIRONMENT, type Environment } from '@towing/platform';
import { EscalationLadder } from './escalation-ladder.js';
import { VoiceCaller, voiceCallerFor } from './voice-caller.js';

/** The escalation ladder's consumer and the voice calls it places (Twilio when configured). */
export const ESCALATION_PROVIDERS: Provider[] = [
  { provide: VoiceCaller, useFactory: (environment: Environment) => voiceCallerFor(environment), inject: [ENVIRONMENT] },
  EscalationLadder,
];
