import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { PushAcknowledgeResponse } from '@towing/contracts';
import { PushSubscriptionEntity, resolveVapidKeys, UserEntity, type VapidKeyPair } from '@towing/db';
import { ENVIRONMENT, type Environment, verifyPushAckToken } from '@towing/platform';
import { rolesAdmitted } from '../common/access.js';
import { forbidden, unavailable } from '../common/errors.js';
import { JobDispatchService } from '../jobs/job-dispatch.service.js';
import type { PushSubscriptionDto } from './dto/push-subscription.dto.js';
import { PUSH_ACCESS } from './push-access.js';

const REFUSED_TOKEN = 'This alert can no longer acknowledge the job: open the board';

/** Staff devices' SOS alerts: which devices take them, and the one action a push carries. */
@Injectable()
export class PushService {
  private keys?: Promise<VapidKeyPair | undefined>;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly dispatch: JobDispatchService,
    @Inject(ENVIRONMENT) private readonly environment: Environment,
  ) {}

  /** Read once: set in the environment, or made once by `npm start` in development. */
  vapidKeys(): Promise<VapidKeyPair | undefined> {
    this.keys ??= resolveVapidKeys(this.environment, this.dataSource).catch((error: unknown) => {
      this.keys = undefined;
      throw error;
    });
    return this.keys;
  }

  /** This device takes the signed-in user's alerts from now on (a device signed in by someone else before is theirs no longer). */
  async subscribe(userId: number, subscription: PushSubscriptionDto): Promise<void> {
    if (!(await this.vapidKeys())) throw unavailable('Alerts are not set up on this server');
    await this.dataSource
      .getRepository(PushSubscriptionEntity)
      .upsert({ userId, endpoint: subscription.endpoint, p256dh: subscription.keys.p256dh, auth: subscription.keys.auth }, ['endpoint']);
  }

  /** Alerts off on this device; only its own user can turn them off, and turning off twice is fine. */
  async unsubscribe(userId: number, endpoint: string): Promise<void> {
    await this.dataSource.getRepository(PushSubscriptionEntity).delete({ userId, endpoint });
  }

  /**
   * A notification's Acknowledge action: the token is the proof (signed by the worker for this
   * job and this staff member, not expired), so it needs no sign-in; the staff member must still
   * be staff. Acknowledging again is harmless: the first acknowledgement stands.
   */
  async acknowledge(token: string): Promise<PushAcknowledgeResponse> {
    const keys = await this.vapidKeys();
    const claim = keys && verifyPushAckToken(keys, token);
    if (!claim) throw forbidden(REFUSED_TOKEN);
    const owner = await this.dataSource.getRepository(UserEntity).findOneBy({ username: claim.owner });
    if (!owner || !rolesAdmitted(PUSH_ACCESS).includes(owner.role)) throw forbidden(REFUSED_TOKEN);
    const job = await this.dispatch.acknowledge(claim.jobId, owner.username);
    return { jobId: job.id, acknowledgedBy: job.acknowledgement?.by ?? owner.username };
  }
}
