import { Module } from '@nestjs/common';
import { AccountingController } from './accounting.controller.js';

/** The books: invoices and payments out to the accountant's software. */
@Module({ controllers: [AccountingController] })
export class AccountingModule {}
