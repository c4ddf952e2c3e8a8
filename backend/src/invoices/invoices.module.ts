import { Module } from '@nestjs/common';
import { JobsModule } from '../jobs/jobs.module.js';
import { QuotesModule } from '../quotes/quotes.module.js';
import { InvoicesController } from './invoices.controller.js';
import { InvoicesService } from './invoices.service.js';

@Module({
  imports: [QuotesModule, JobsModule],
  controllers: [InvoicesController],
  providers: [InvoicesService],
})
export class InvoicesModule {}
