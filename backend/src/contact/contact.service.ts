import { Injectable } from '@nestjs/common';
import { type SubmissionResponse, toE164 } from '@towing/contracts';
import { ContactSubmissionEntity } from '@towing/db';
import { TransactionRunner } from '../outbox/transaction.runner.js';
import type { CreateContactDto } from './dto/create-contact.dto.js';

@Injectable()
export class ContactService {
  constructor(private readonly transactions: TransactionRunner) {}

  /** Stores the message; the worker forwards it to the office inbox from the event. */
  submit(dto: CreateContactDto): Promise<SubmissionResponse> {
    return this.transactions.run(async (unit) => {
      const repository = unit.manager.getRepository(ContactSubmissionEntity);
      const saved = await repository.save(
        repository.create({
          firstName: dto.firstName.trim(),
          lastName: dto.lastName.trim(),
          phone: dto.phone.trim(),
          phoneE164: toE164(dto.phone),
          email: dto.email.trim(),
          serviceNeeded: dto.serviceNeeded,
          message: dto.message.trim(),
        }),
      );
      await unit.record('contact.received', { contactId: saved.id });
      return { id: saved.id };
    });
  }
}
