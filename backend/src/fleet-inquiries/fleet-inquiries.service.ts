import { Injectable } from '@nestjs/common';
import { type SubmissionResponse, textOrNull, toE164 } from '@towing/contracts';
import { FleetInquiryEntity } from '@towing/db';
import { TransactionRunner } from '../outbox/transaction.runner.js';
import type { CreateFleetInquiryDto } from './dto/create-fleet-inquiry.dto.js';

@Injectable()
export class FleetInquiriesService {
  constructor(private readonly transactions: TransactionRunner) {}

  submit(dto: CreateFleetInquiryDto): Promise<SubmissionResponse> {
    return this.transactions.run(async (unit) => {
      const repository = unit.manager.getRepository(FleetInquiryEntity);
      const saved = await repository.save(
        repository.create({
          companyName: dto.companyName.trim(),
          contactName: dto.contactName.trim(),
          email: dto.email.trim(),
          phone: dto.phone.trim(),
          phoneE164: toE164(dto.phone),
          fleetSize: dto.fleetSize || null,
          services: [...new Set(dto.services.split(',').map((service) => service.trim()))],
          requirements: textOrNull(dto.requirements),
        }),
      );
      await unit.record('fleetInquiry.received', { inquiryId: saved.id });
      return { id: saved.id };
    });
  }
}
