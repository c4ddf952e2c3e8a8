import { Type } from 'class-transformer';
import { IsDefined, IsString, IsUrl, Matches, MaxLength, ValidateNested } from 'class-validator';
import type { PushAcknowledgeRequest, PushSubscriptionQuery, PushSubscriptionRequest } from '@towing/contracts';

/** URL-safe base64, as PushSubscription.toJSON() writes keys. */
const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;
const ENDPOINT_MAX_LENGTH = 1024;

class PushSubscriptionKeysDto {
  /** An uncompressed P-256 point: 65 bytes, 87 characters. */
  @IsString({ message: 'keys.p256dh must be text' })
  @Matches(BASE64URL, { message: 'keys.p256dh must be URL-safe base64' })
  @MaxLength(100, { message: 'keys.p256dh is too long' })
  p256dh: string;

  /** 16 bytes: 22 characters. */
  @IsString({ message: 'keys.auth must be text' })
  @Matches(BASE64URL, { message: 'keys.auth must be URL-safe base64' })
  @MaxLength(50, { message: 'keys.auth is too long' })
  auth: string;
}

/** Push services speak HTTPS only (RFC 8030 8), and the library that sends pushes too. */
const endpointRule = () =>
  IsUrl({ protocols: ['https'], require_protocol: true, require_tld: false }, { message: 'endpoint must be the push service URL the browser gave' });

export class PushSubscriptionDto implements PushSubscriptionRequest {
  @IsString({ message: 'endpoint must be the push service URL the browser gave' })
  @MaxLength(ENDPOINT_MAX_LENGTH, { message: `endpoint must be at most ${ENDPOINT_MAX_LENGTH} characters` })
  @endpointRule()
  endpoint: string;

  @IsDefined({ message: 'keys must hold p256dh and auth' })
  @ValidateNested()
  @Type(() => PushSubscriptionKeysDto)
  keys: PushSubscriptionKeysDto;
}

export class PushSubscriptionQueryDto implements PushSubscriptionQuery {
  @IsString({ message: 'endpoint must be the push service URL the browser gave' })
  @MaxLength(ENDPOINT_MAX_LENGTH, { message: `endpoint must be at most ${ENDPOINT_MAX_LENGTH} characters` })
  endpoint: string;
}

export class PushAcknowledgeDto implements PushAcknowledgeRequest {
  @IsString({ message: 'token must be the notification\'s token' })
  @MaxLength(1000, { message: 'token is too long' })
  token: string;
}
