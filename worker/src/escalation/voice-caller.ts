import { Logger } from '@nestjs/common';
import type twilio from 'twilio';
import { twilioWebhookUrl, voiceCallPaths } from '@towing/contracts';
import type { Environment, TwilioSettings } from '@towing/platform';
import { twilioClient } from '../channels/sms/twilio-client.js';

/** How long a ladder call rings before Twilio gives up (no answer). */
const RING_SECONDS = 30;
/** How many of a number's latest calls a retried rung looks through for its own: a ladder calls a number a few times at most. */
const LOOKUP_PAGE = 20;

/** Places the ladder's voice calls; the call's token keys its TwiML, keypress and status webhooks. */
export abstract class VoiceCaller {
  /** The call's SID, or null when no voice provider is configured and the call was only recorded. */
  abstract call(to: string, token: string): Promise<string | null>;

  /** The SIDs of the calls placed to `to` from our number at `since` or later, newest first. */
  abstract placedSince(to: string, since: Date): Promise<string[]>;
}

/** Twilio's Calls API: the call fetches its words from our TwiML endpoint on PUBLIC_URL and reports how it ended. */
export class TwilioVoiceCaller extends VoiceCaller {
  private readonly client: twilio.Twilio;

  constructor(
    private readonly settings: TwilioSettings,
    private readonly publicUrl: string,
  ) {
    super();
    this.client = twilioClient(settings);
  }

  async call(to: string, token: string): Promise<string> {
    const paths = voiceCallPaths(token);
    const call = await this.client.calls.create({
      to,
      from: this.settings.from,
      url: twilioWebhookUrl(this.publicUrl, paths.twiml),
      method: 'POST',
      statusCallback: twilioWebhookUrl(this.publicUrl, paths.status),
      statusCallbackMethod: 'POST',
      statusCallbackEvent: ['completed'],
      timeout: RING_SECONDS,
    });
    return call.sid;
  }

  /** Twilio's call log, filtered as its list call allows (to, from); the time is compared here, as a queued call has no start time yet. */
  async placedSince(to: string, since: Date): Promise<string[]> {
    const calls = await this.client.calls.list({ to, from: this.settings.from, limit: LOOKUP_PAGE });
    return calls.filter((call) => call.dateCreated >= since).map((call) => call.sid);
  }
}

/** Used when Twilio is not configured: the ladder's step is the record; nobody is called. */
export class RecordingVoiceCaller extends VoiceCaller {
  private readonly logger = new Logger('Voice');

  async call(to: string): Promise<null> {
    this.logger.log(`Not called (TWILIO_* not set): ${to}`);
    return null;
  }

  async placedSince(): Promise<string[]> {
    return [];
  }
}

export const voiceCallerFor = (environment: Environment): VoiceCaller =>
  environment.twilio ? new TwilioVoiceCaller(environment.twilio, environment.publicUrl) : new RecordingVoiceCaller();
