import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { DELIVERY_RANK, isUndelivered, TWILIO_MESSAGE_STATUSES } from '@towing/contracts';
import { NotificationEntity, returnedEntities, toNotificationView } from '@towing/db';
import { EscalationService } from '../escalation/escalation.service.js';
import { RealtimeService } from '../realtime/realtime.service.js';

export interface StatusReceipt {
  messageSid: string;
  messageStatus: string;
  errorCode: number | null;
}

/**
 * Twilio's status callbacks (POST /api/sms/status): each (MessageSid, status) is kept once, so
 * Twilio sending it again changes nothing; the text's notification row takes the furthest status
 * (a late "sent" never overwrites "delivered"). A text that did not arrive to the stranded
 * person flags the SOS card; one to an on-call phone moves the escalation ladder on at once.
 */
@Injectable()
export class SmsStatusService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly realtime: RealtimeService,
    private readonly escalation: EscalationService,
  ) {}

  async receive({ messageSid, messageStatus, errorCode }: StatusReceipt): Promise<void> {
    const status = TWILIO_MESSAGE_STATUSES[messageStatus];
    if (!status) return;
    const later = Object.entries(DELIVERY_RANK).filter(([, rank]) => rank < DELIVERY_RANK[status]).map(([name]) => name);
    // The worker's record of the text's SID takes the same lock (the notifications_apply_receipts
    // trigger): whichever comes second sees the other's write, so no receipt is lost between them.
    const updated = await this.dataSource.transaction(async (manager) => {
      await manager.query(`SELECT pg_advisory_xact_lock(hashtext('sms-receipt:' || $1))`, [messageSid]);
      const kept = (await manager.query(
        `INSERT INTO sms_delivery_receipts (message_sid, status, error_code) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING message_sid`,
        [messageSid, status, errorCode],
      )) as unknown[];
      if (kept.length === 0) return null;
      return manager
        .getRepository(NotificationEntity)
        .createQueryBuilder()
        .update()
        .set({ deliveryStatus: status, deliveryErrorCode: errorCode })
        .where('provider_message_id = :messageSid AND (delivery_status IS NULL OR delivery_status IN (:...later))', { messageSid, later: later.length > 0 ? later : [''] })
        .returning('*')
        .execute();
    });
    if (!updated) return;
    for (const notification of returnedEntities(this.dataSource, NotificationEntity, updated.raw)) {
      this.realtime.toAdminLog('notifications', 'notification:updated', toNotificationView(notification));
    }
    // Also when no row has this SID yet (the receipt beat the worker's own record of the send).
    if (isUndelivered(status)) await this.escalation.undelivered(messageSid, errorCode);
  }
}
