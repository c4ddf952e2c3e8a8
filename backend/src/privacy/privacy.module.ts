import { Module } from '@nestjs/common';
import { PrivacyController } from './privacy.controller.js';

/** Export and erasure of one customer's data (admins, on the customer's request). */
@Module({ controllers: [PrivacyController] })
export class PrivacyModule {}
