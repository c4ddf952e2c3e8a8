import { Module } from '@nestjs/common';
import { ENVIRONMENT, type Environment } from '@towing/platform';
import { QuotesModule } from '../quotes/quotes.module.js';
import { PAYMENTS } from './payment-provider.js';
import { PaymentsController } from './payments.controller.js';
import { PaymentsReconciler } from './payments.reconciler.js';
import { PaymentsService } from './payments.service.js';
import { StripePaymentProvider } from './stripe.payment-provider.js';

@Module({
  imports: [QuotesModule],
  controllers: [PaymentsController],
  providers: [
    {
      provide: PAYMENTS,
      inject: [ENVIRONMENT],
      useFactory: (environment: Environment) => (environment.stripe ? new StripePaymentProvider(environment.stripe) : null),
    },
    PaymentsService,
    PaymentsReconciler,
  ],
})
export class PaymentsModule {}
