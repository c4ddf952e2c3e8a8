import { randomBytes } from 'node:crypto';
import { plainToInstance, Transform } from 'class-transformer';
import {
  IsEmail,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  IsUrl,
  Max,
  Min,
  MinLength,
  validateSync,
} from 'class-validator';
import { BUSINESS } from '@towing/contracts';

const toInt = ({ value }: { value: unknown }) => (value === undefined || value === '' ? undefined : Number(value));
const toList = ({ value }: { value: unknown }) =>
  typeof value === 'string'
    ? value
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean)
    : value;

/** The environment as read from process.env, before defaults. Every variable is optional. */
class RawEnvironment {
  @IsOptional() @IsIn(['development', 'production', 'test']) NODE_ENV?: string;
  @IsOptional() @Transform(toInt) @IsInt() @Min(0) @Max(65535) PORT?: number;
  @IsOptional() @IsUrl({ protocols: ['postgres', 'postgresql'], require_tld: false }) DATABASE_URL?: string;
  @IsOptional() @IsUrl({ protocols: ['redis', 'rediss'], require_tld: false }) REDIS_URL?: string;
  @IsOptional() @IsString() @MinLength(1) REDIS_PREFIX?: string;
  @IsOptional() @IsString() @MinLength(3) ADMIN_USERNAME?: string;
  @IsOptional() @IsString() @MinLength(8) ADMIN_PASSWORD?: string;
  @IsOptional() @IsString() @MinLength(32) SESSION_SECRET?: string;
  @IsOptional() @IsUrl({ protocols: ['smtp', 'smtps'], require_tld: false }) SMTP_URL?: string;
  @IsOptional() @IsString() MAIL_FROM?: string;
  @IsOptional() @IsEmail() BUSINESS_EMAIL?: string;
  @IsOptional() @IsString() TWILIO_ACCOUNT_SID?: string;
  @IsOptional() @IsString() TWILIO_AUTH_TOKEN?: string;
  @IsOptional() @IsString() TWILIO_FROM?: string;
  @IsOptional() @IsUrl({ require_tld: false }) TWILIO_API_URL?: string;
  @IsOptional() @Transform(toList) @IsString({ each: true }) ONCALL_PHONES?: string[];
  @IsOptional() @IsString() CHROMIUM_PATH?: string;
  @IsOptional() @IsUrl({ require_tld: false }) PUBLIC_URL?: string;
}

export interface TwilioSettings {
  accountSid: string;
  authToken: string;
  from: string;
  apiUrl?: string;
}

/** The validated environment with every default applied. */
export interface Environment {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  databaseUrl: string;
  redisUrl: string;
  redisPrefix: string;
  adminUsername: string;
  adminPassword?: string;
  sessionSecret: string;
  smtpUrl?: string;
  mailFrom: string;
  businessEmail: string;
  twilio?: TwilioSettings;
  oncallPhones: string[];
  chromiumPath: string;
  publicUrl: string;
}

export class EnvironmentError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid environment:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
  }
}

/** Reads and checks the environment once; throws listing every problem at the same time. */
export function loadEnvironment(source: NodeJS.ProcessEnv = process.env): Environment {
  const present = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== undefined && value !== ''));
  const raw = plainToInstance(RawEnvironment, present, { excludeExtraneousValues: false });
  const problems = validateSync(raw, { forbidUnknownValues: false }).flatMap((error) =>
    Object.values(error.constraints ?? {}).map((message) => `${error.property}: ${message}`),
  );

  const twilioVars = [raw.TWILIO_ACCOUNT_SID, raw.TWILIO_AUTH_TOKEN, raw.TWILIO_FROM];
  if (twilioVars.some(Boolean) && !twilioVars.every(Boolean)) {
    problems.push('TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM must be set together');
  }
  const nodeEnv = (raw.NODE_ENV ?? 'development') as Environment['nodeEnv'];
  if (nodeEnv === 'production' && !raw.SESSION_SECRET) {
    problems.push('SESSION_SECRET: required when NODE_ENV is production');
  }
  if (problems.length > 0) throw new EnvironmentError(problems);

  const port = raw.PORT ?? 3000;
  return {
    nodeEnv,
    port,
    databaseUrl: raw.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/towing',
    redisUrl: raw.REDIS_URL ?? 'redis://127.0.0.1:6379',
    redisPrefix: raw.REDIS_PREFIX ?? 'towing',
    adminUsername: raw.ADMIN_USERNAME ?? 'admin',
    adminPassword: raw.ADMIN_PASSWORD,
    sessionSecret: raw.SESSION_SECRET ?? randomBytes(32).toString('hex'),
    smtpUrl: raw.SMTP_URL,
    mailFrom: raw.MAIL_FROM ?? `${BUSINESS.name} <${BUSINESS.email}>`,
    businessEmail: raw.BUSINESS_EMAIL ?? BUSINESS.email,
    twilio:
      raw.TWILIO_ACCOUNT_SID && raw.TWILIO_AUTH_TOKEN && raw.TWILIO_FROM
        ? {
            accountSid: raw.TWILIO_ACCOUNT_SID,
            authToken: raw.TWILIO_AUTH_TOKEN,
            from: raw.TWILIO_FROM,
            apiUrl: raw.TWILIO_API_URL,
          }
        : undefined,
    oncallPhones: raw.ONCALL_PHONES ?? BUSINESS.staff.map((member) => member.phoneE164),
    chromiumPath: raw.CHROMIUM_PATH ?? '/usr/bin/chromium',
    publicUrl: (raw.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, ''),
  };
}
