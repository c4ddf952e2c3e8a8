import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { STRIPE_HANDLED_EVENTS } from '@towing/contracts';
import { PAYMENTS, type PaymentProvider } from './payment-provider.js';
import { PaymentsService } from './payments.service.js';

const HOUR_MS = 3600_000;
/** How far back each run looks: well past any webhook outage we would not notice within hours. */
const LOOK_BACK_MS = 72 * HOUR_MS;

/**
 * Webhooks can be missed (the API down, a network fault, a misconfigured endpoint). At start
 * and every hour this lists Stripe's recent payment events and applies any the webhook did not
 * bring; each event is applied once (PaymentsService.apply), so running on several API
 * instances at once is harmless.
 */
@Injectable()
export class PaymentsReconciler implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(PaymentsReconciler.name);
  private timer?: NodeJS.Timeout;
  private running?: Promise<number>;

  constructor(
    @Inject(PAYMENTS) private readonly provider: PaymentProvider | null,
    private readonly payments: PaymentsService,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.provider) return;
    void this.run();
    this.timer = setInterval(() => void this.run(), HOUR_MS);
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  /** Applies the events the webhook missed; answers how many. Never throws: the next run tries again. */
  run(): Promise<number> {
    this.running ??= this.runOnce().finally(() => (this.running = undefined));
    return this.running;
  }

  private async runOnce(): Promise<number> {
    if (!this.provider) return 0;
    let applied = 0;
    try {
      for await (const event of this.provider.recentEvents(STRIPE_HANDLED_EVENTS, new Date(Date.now() - LOOK_BACK_MS))) {
        if (await this.payments.apply(event, 'reconciliation')) applied += 1;
      }
      if (applied > 0) this.logger.warn(`Applied ${applied} Stripe event(s) the webhook had not delivered`);
    } catch (error) {
      this.logger.warn(`Stripe reconciliation failed: ${(error as Error).message}; retrying within the hour`);
    }
    return applied;
  }
}
