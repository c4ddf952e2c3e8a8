import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import { plainToInstance, Transform } from 'class-transformer';
import {
  IsEmail,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  isURL,
  IsUrl,
  Max,
  Min,
  Matches,
  MinLength,
  validateSync,
} from 'class-validator';
import { BUSINESS, DEFAULT_REVERSE_GEOCODE_URL, ESCALATION_DELAYS_MS, ESCALATION_RUNGS, tileProbeUrl } from '@towing/contracts';
import { chromiumPathOf } from './chromium-path.js';

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
  @IsOptional() @IsString() STRIPE_SECRET_KEY?: string;
  @IsOptional() @IsString() STRIPE_PUBLISHABLE_KEY?: string;
  @IsOptional() @IsString() STRIPE_WEBHOOK_SECRET?: string;
  @IsOptional() @IsUrl({ require_tld: false }) STRIPE_API_URL?: string;
  @IsOptional() @Transform(toList) @IsString({ each: true }) ONCALL_PHONES?: string[];
  @IsOptional() @IsString() CHROMIUM_PATH?: string;
  @IsOptional() @IsUrl({ require_tld: false }) PUBLIC_URL?: string;
  @IsOptional() @IsString() TRUST_PROXY?: string;
  @IsOptional() @Transform(toInt) @IsInt() @Min(2) @Max(200) DATABASE_POOL_SIZE?: number;
  @IsOptional() @Transform(toInt) @IsInt() @Min(100) @Max(60_000) DATABASE_POOL_WAIT_MS?: number;
  @IsOptional() @Transform(toInt) @IsInt() @Min(1) @Max(60_000) API_SHED_LOOP_DELAY_MS?: number;
  @IsOptional() @Transform(toInt) @IsInt() @Min(1) @Max(60_000) API_SHED_REQUEST_MS?: number;
  @IsOptional() @Transform(toInt) @IsInt() @Min(0) @Max(1_000_000) SMS_DAILY_LIMIT?: number;
  @IsOptional() @Transform(toInt) @IsInt() @Min(0) @Max(100_000) SMS_OVERSEAS_DAILY_LIMIT?: number;
  @IsOptional() @Transform(toInt) @IsInt() @Min(1) @Max(1000) SMS_PER_NUMBER_DAILY_LIMIT?: number;
  @IsOptional() @Transform(toInt) @IsInt() @Min(0) @Max(3600) SOS_ALERT_WINDOW_SECONDS?: number;
  @IsOptional() @Transform(toInt) @IsInt() @Min(0) @Max(1_000_000) EMAIL_DAILY_LIMIT?: number;
  @IsOptional() @Transform(toInt) @IsInt() @Min(1) @Max(1000) EMAIL_PER_ADDRESS_DAILY_LIMIT?: number;
  @IsOptional() @Transform(toInt) @IsInt() @Min(1) @Max(1_000_000) SOS_SOURCE_HOURLY_ALLOWANCE?: number;
  @IsOptional() @Transform(toInt) @IsInt() @Min(1) @Max(1_000_000) SMS_SOURCE_DAILY_LIMIT?: number;
  @IsOptional() @Transform(toInt) @IsInt() @Min(0) @Max(90) SMS_NEW_CALLER_RESERVE_PERCENT?: number;
  @IsOptional() @Transform(toInt) @IsInt() @Min(0) @Max(100_000) SMS_OVERSEAS_SOURCE_DAILY_LIMIT?: number;
  @IsOptional() @Transform(toInt) @IsInt() @Min(1) @Max(1000) SMS_OVERSEAS_SOS_PER_NUMBER_DAILY_LIMIT?: number;
  @IsOptional() @IsString() VITE_MAP_TILE_URL?: string;
  @IsOptional() @Transform(toInt) @IsInt() @Min(1) @Max(100_000) SOCKETS_PER_ADDRESS?: number;
  @IsOptional() @IsString() @MinLength(1) BACKUP_DIR?: string;
  @IsOptional() @Transform(toInt) @IsInt() @Min(1) @Max(3650) BACKUP_KEEP_DAYS?: number;
  @IsOptional() @Transform(toInt) @IsInt() @Min(1) @Max(3650) MEDIA_RETENTION_DAYS?: number;
  @IsOptional() @Transform(toInt) @IsInt() @Min(1) @Max(3650) POSITION_RETENTION_DAYS?: number;
  @IsOptional() @Transform(toList) @IsString({ each: true }) ESCALATION_DELAYS_MS?: string[];
  @IsOptional() @IsIn(['json', 'pretty']) LOG_FORMAT?: string;
  @IsOptional() @IsIn(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']) LOG_LEVEL?: string;
  @IsOptional() @Transform(toList) @IsString({ each: true }) METRICS_ALLOW?: string[];
  @IsOptional() @IsString() @MinLength(16) METRICS_TOKEN?: string;
  @IsOptional() @Transform(toInt) @IsInt() @Min(0) @Max(65535) WORKER_METRICS_PORT?: number;
  @IsOptional() @IsString() @Matches(/^[A-Za-z0-9_-]{87}$/, { message: 'expected the URL-safe base64 of an uncompressed P-256 point (87 characters)' }) VAPID_PUBLIC_KEY?: string;
  @IsOptional() @IsString() @Matches(/^[A-Za-z0-9_-]{43}$/, { message: 'expected the URL-safe base64 of a P-256 private key (43 characters)' }) VAPID_PRIVATE_KEY?: string;
  @IsOptional() @IsString() @Matches(/^(mailto:|https:\/\/)/, { message: 'expected a mailto: or https: URL' }) VAPID_SUBJECT?: string;
}

/** The names Express (proxy-addr) accepts for address ranges in `trust proxy`. */
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

/**
 * Whose X-Forwarded-* headers to believe: nobody (unset or "false"), the nearest N hops ("1"),
 * or the proxies at these addresses ("loopback", "10.0.0.0/8, 192.168.1.5").
 */
export type TrustProxy = false | number | string[];

function parseTrustProxy(value: string | undefined, problems: string[]): TrustProxy {
  const text = value?.trim();
  if (!text || text === 'false') return false;
  if (/^\d+$/.test(text)) return Number(text);
  const entries = text.split(',').map((entry) => entry.trim()).filter(Boolean);
  const invalid = entries.filter((entry) => !PROXY_RANGE_NAMES.includes(entry) && !isAddressOrRange(entry));
  if (invalid.length > 0 || entries.length === 0) {
    problems.push(
      `TRUST_PROXY: expected "false", a number of hops, or addresses/CIDR ranges (or ${PROXY_RANGE_NAMES.join(', ')}) separated by commas; cannot read ${invalid.join(', ') || text}`,
    );
  }
  return entries;
}

/**
 * The dispatch map's tile template as the frontend was built with it (Leaflet's: `{z}/{x}/{y}`,
 * `{s}` for a subdomain letter as the host's first label): an http or https URL.
 */
function parseMapTileUrl(value: string | undefined, problems: string[]): string | undefined {
  const template = value?.trim();
  if (!template) return undefined;
  if (!isURL(tileProbeUrl(template), { protocols: ['http', 'https'], require_protocol: true, require_tld: false })) {
    problems.push(`VITE_MAP_TILE_URL: expected an http or https tile URL such as https://tile.openstreetmap.org/{z}/{x}/{y}.png; cannot read ${template}`);
  }
  return template;
}

/**
 * The SOS page's reverse geocoder as the frontend was built with it: the default when unset,
 * undefined when set empty (turned off), else an http or https URL.
 */
function parseReverseGeocodeUrl(value: string | undefined, problems: string[]): string | undefined {
  if (value === undefined) return DEFAULT_REVERSE_GEOCODE_URL;
  const url = value.trim();
  if (!url) return undefined;
  if (!isURL(url, { protocols: ['http', 'https'], require_protocol: true, require_tld: false })) {
    problems.push(`VITE_REVERSE_GEOCODE_URL: expected an http or https URL such as ${DEFAULT_REVERSE_GEOCODE_URL}, or empty to turn it off; cannot read ${url}`);
  }
  return url;
}

/** ESCALATION_DELAYS_MS: one delay per rung, rising, in ms (tests shorten the ladder with it); the contracts' defaults when unset. */
function parseEscalationDelays(value: string[] | undefined, problems: string[]): number[] {
  if (!value) return [...ESCALATION_DELAYS_MS];
  const delays = value.map(Number);
  const rising = delays.every((delay, index) => Number.isInteger(delay) && delay >= 0 && (index === 0 || delay >= delays[index - 1]!));
  if (delays.length !== ESCALATION_RUNGS.length || !rising) {
    problems.push(`ESCALATION_DELAYS_MS: expected ${ESCALATION_RUNGS.length} rising whole numbers of milliseconds such as ${ESCALATION_DELAYS_MS.join(',')}; cannot read ${value.join(',')}`);
  }
  return delays;
}

export interface TwilioSettings {
  accountSid: string;
  authToken: string;
  from: string;
  apiUrl?: string;
}

export interface StripeSettings {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** Points the SDK at another origin (a local peer in tests). */
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
  /** Unset: card payment calls answer 503. */
  stripe?: StripeSettings;
  oncallPhones: string[];
  chromiumPath: string;
  publicUrl: string;
  /** Proxies whose X-Forwarded-For/-Proto are believed; every limit keys on the client they name. */
  trustProxy: TrustProxy;
  database: DatabasePoolSettings;
  /** The measured load past which API requests are answered 503 + Retry-After at once. */
  shedding: { loopDelayMs: number; requestMs: number };
  sms: SmsBudget;
  email: EmailBudget;
  sosAdmission: SosAdmissionSettings;
  /** The dispatch map's tile template (VITE_MAP_TILE_URL): pages may load images from its server. */
  mapTileUrl?: string;
  /** Socket.IO connections one client (an IPv6 /64) may hold open at one API instance. */
  socketsPerAddress: number;
  /** The nightly and `npm run db:backup` database dumps. */
  backup: { directory: string; keepDays: number };
  /** Days after a job closes that its photos and signature (mediaDays) and its truck's positions (positionDays) are kept. */
  retention: { mediaDays: number; positionDays: number };
  /** The SOS page's reverse geocoder (VITE_REVERSE_GEOCODE_URL); undefined when turned off. Pages may call its origin. */
  reverseGeocodeUrl?: string;
  /** When each rung of the escalation ladder (contracts ESCALATION_RUNGS) is taken, ms after the SOS. */
  escalationDelaysMs: number[];
  /** Web Push (VAPID_*): unset, development uses the keys `npm start` generated once (see @towing/db vapid-keys), other modes send no push. */
  vapid?: VapidSettings;
  /** Who the push services may contact about our pushes (VAPID_SUBJECT). */
  vapidSubject: string;
  logging: LoggingSettings;
  metrics: MetricsSettings;
}

/** The application server's key pair that signs every push (RFC 8292), URL-safe base64 as browsers take it. */
export interface VapidSettings {
  publicKey: string;
  privateKey: string;
}

/** How the API and worker log (packages/platform logging.ts). */
export interface LoggingSettings {
  /** json: one JSON object a line (production); pretty: coloured lines for a terminal. */
  format: 'json' | 'pretty';
  level: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
}

/** Who may read GET /metrics on the API and the worker. */
export interface MetricsSettings {
  /** Client addresses or CIDR ranges that may scrape without a token. */
  allow: string[];
  /** A bearer token that lets any address scrape. */
  token?: string;
  /** The worker's metrics port (0: any free port, logged at start). */
  workerPort: number;
}

export interface DatabasePoolSettings {
  /** Connections each process holds at most. */
  poolSize: number;
  /** How long a request waits for a free connection before the API answers 503 + Retry-After. */
  poolWaitMs: number;
}

/** What the worker may spend on texts it did not choose to send (see worker/src/notifications/sms-policy.ts). */
export interface SmsBudget {
  /** Texts per day to every number but the on-call phones, all of them together. */
  dailyLimit: number;
  /** Texts per day to numbers outside Australia, all of them together. */
  overseasDailyLimit: number;
  /** Texts per day to any one number (the on-call owners excepted). */
  perNumberDailyLimit: number;
  /** During an SOS burst the owners get one alert, then one summary per this many seconds (0: an alert per SOS). */
  sosAlertWindowSeconds: number;
  /** Driver texts a day caused by the SOS of any one client address (an IPv6 /64). */
  sourceDailyLimit: number;
  /** Of dailyLimit, and of overseasDailyLimit, this share is kept for SOS from addresses that sent none in the hour before. */
  newCallerReservePercent: number;
  /** Texts a day to numbers outside Australia caused by the public SOS of any one client address. */
  overseasSourceDailyLimit: number;
  /** Texts a day to any one number outside Australia caused by public SOS. */
  overseasSosPerNumberDailyLimit: number;
}

/** How many SOS from one client address an hour are texted and alerted; past it they are held. */
export interface SosAdmissionSettings {
  sourceHourlyAllowance: number;
}

/** What the worker may email to customers (see worker/src/notifications/email-policy.ts); mail to the office is not counted. */
export interface EmailBudget {
  /** Emails per day to customers, all addresses together; the office hears once when it is spent. */
  dailyLimit: number;
  /** Confirmation emails (asked for on a public form) per day to any one address. */
  perAddressDailyLimit: number;
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
  const stripeVars = [raw.STRIPE_SECRET_KEY, raw.STRIPE_PUBLISHABLE_KEY, raw.STRIPE_WEBHOOK_SECRET];
  if (stripeVars.some(Boolean) && !stripeVars.every(Boolean)) {
    problems.push('STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET must be set together');
  }
  const nodeEnv = (raw.NODE_ENV ?? 'development') as Environment['nodeEnv'];
  if (nodeEnv === 'production' && !raw.SESSION_SECRET) {
    problems.push('SESSION_SECRET: required when NODE_ENV is production');
  }
  if (Boolean(raw.VAPID_PUBLIC_KEY) !== Boolean(raw.VAPID_PRIVATE_KEY)) {
    problems.push('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together');
  }
  const trustProxy = parseTrustProxy(raw.TRUST_PROXY, problems);
  const mapTileUrl = parseMapTileUrl(raw.VITE_MAP_TILE_URL, problems);
  // Read before empty values are dropped: empty turns the geocoder off, as in the frontend build.
  const reverseGeocodeUrl = parseReverseGeocodeUrl(source.VITE_REVERSE_GEOCODE_URL, problems);
  const escalationDelaysMs = parseEscalationDelays(raw.ESCALATION_DELAYS_MS, problems);
  const metricsAllow = raw.METRICS_ALLOW ?? ['127.0.0.1/8', '::1'];
  const unreadable = metricsAllow.filter((entry) => !isAddressOrRange(entry));
  if (unreadable.length > 0) problems.push(`METRICS_ALLOW: expected addresses or CIDR ranges separated by commas; cannot read ${unreadable.join(', ')}`);
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
    stripe:
      raw.STRIPE_SECRET_KEY && raw.STRIPE_PUBLISHABLE_KEY && raw.STRIPE_WEBHOOK_SECRET
        ? {
            secretKey: raw.STRIPE_SECRET_KEY,
            publishableKey: raw.STRIPE_PUBLISHABLE_KEY,
            webhookSecret: raw.STRIPE_WEBHOOK_SECRET,
            apiUrl: raw.STRIPE_API_URL,
          }
        : undefined,
    oncallPhones: raw.ONCALL_PHONES ?? BUSINESS.staff.map((member) => member.phoneE164),
    chromiumPath: chromiumPathOf(raw),
    publicUrl: (raw.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, ''),
    trustProxy,
    database: { poolSize: raw.DATABASE_POOL_SIZE ?? 20, poolWaitMs: raw.DATABASE_POOL_WAIT_MS ?? 1000 },
    shedding: { loopDelayMs: raw.API_SHED_LOOP_DELAY_MS ?? 10, requestMs: raw.API_SHED_REQUEST_MS ?? 500 },
    sms: { dailyLimit: raw.SMS_DAILY_LIMIT ?? 300, overseasDailyLimit: raw.SMS_OVERSEAS_DAILY_LIMIT ?? 20, perNumberDailyLimit: raw.SMS_PER_NUMBER_DAILY_LIMIT ?? 8,
      sosAlertWindowSeconds: raw.SOS_ALERT_WINDOW_SECONDS ?? 60,
      sourceDailyLimit: raw.SMS_SOURCE_DAILY_LIMIT ?? 20,
      newCallerReservePercent: raw.SMS_NEW_CALLER_RESERVE_PERCENT ?? 20,
      overseasSourceDailyLimit: raw.SMS_OVERSEAS_SOURCE_DAILY_LIMIT ?? 1,
      overseasSosPerNumberDailyLimit: raw.SMS_OVERSEAS_SOS_PER_NUMBER_DAILY_LIMIT ?? 1,
    },
    email: { dailyLimit: raw.EMAIL_DAILY_LIMIT ?? 200, perAddressDailyLimit: raw.EMAIL_PER_ADDRESS_DAILY_LIMIT ?? 3 },
    sosAdmission: { sourceHourlyAllowance: raw.SOS_SOURCE_HOURLY_ALLOWANCE ?? 5 },
    mapTileUrl,
    socketsPerAddress: raw.SOCKETS_PER_ADDRESS ?? 50,
    backup: { directory: raw.BACKUP_DIR ?? './backups', keepDays: raw.BACKUP_KEEP_DAYS ?? 14 },
    retention: { mediaDays: raw.MEDIA_RETENTION_DAYS ?? 90, positionDays: raw.POSITION_RETENTION_DAYS ?? 30 },
    reverseGeocodeUrl,
    escalationDelaysMs,
    logging: {
      // Coloured lines for whoever runs it at a terminal in development; JSON for machines everywhere else.
      format: (raw.LOG_FORMAT ?? (nodeEnv === 'development' ? 'pretty' : 'json')) as LoggingSettings['format'],
      level: (raw.LOG_LEVEL ?? 'info') as LoggingSettings['level'],
    },
    metrics: { allow: metricsAllow, token: raw.METRICS_TOKEN, workerPort: raw.WORKER_METRICS_PORT ?? 9464 },
    vapid: raw.VAPID_PUBLIC_KEY && raw.VAPID_PRIVATE_KEY ? { publicKey: raw.VAPID_PUBLIC_KEY, privateKey: raw.VAPID_PRIVATE_KEY } : undefined,
    vapidSubject: raw.VAPID_SUBJECT ?? `mailto:${raw.BUSINESS_EMAIL ?? BUSINESS.email}`,
  };
}

/** An IPv4 or IPv6 address, with or without a /bits suffix in range. */
function isAddressOrRange(entry: string): boolean {
  const [address, bits, ...rest] = entry.split('/');
  const version = isIP(address ?? '');
  if (version === 0 || rest.length > 0) return false;
  return bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128));
}
