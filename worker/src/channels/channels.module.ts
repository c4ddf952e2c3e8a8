import { type DynamicModule, Module } from '@nestjs/common';
import { SMS_STATUS_PATH, twilioWebhookUrl } from '@towing/contracts';
import type { Environment } from '@towing/platform';
import { EmailProvider } from './email/email-provider.js';
import { RecordingEmailProvider } from './email/recording.email-provider.js';
import { SmtpEmailProvider } from './email/smtp.email-provider.js';
import { RecordingSmsProvider } from './sms/recording.sms-provider.js';
import { SmsProvider } from './sms/sms-provider.js';
import { TwilioSmsProvider } from './sms/twilio.sms-provider.js';

/** Picks the real adapter for each channel when it is configured, the recording one otherwise. */
@Module({})
export class ChannelsModule {
  static forRoot(environment: Environment): DynamicModule {
    return {
      module: ChannelsModule,
      providers: [
        {
          provide: SmsProvider,
          useValue: environment.twilio ? new TwilioSmsProvider(environment.twilio, twilioWebhookUrl(environment.publicUrl, SMS_STATUS_PATH)) : new RecordingSmsProvider(),
        },
        {
          provide: EmailProvider,
          useValue: environment.smtpUrl
            ? new SmtpEmailProvider(environment.smtpUrl, environment.mailFrom)
            : new RecordingEmailProvider(),
        },
      ],
      exports: [SmsProvider, EmailProvider],
    };
  }
}
