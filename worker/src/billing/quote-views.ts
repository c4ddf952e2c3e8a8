import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { Quote, QuoteEmailOutcome } from '@towing/contracts';
import { invoicesOfQuote, QuoteEntity, toQuoteView } from '@towing/db';
import { SocketEmitter } from '@towing/platform';

/** Pushes a quote's current state to the admins' Quotes Manager after the worker changed it. */
@Injectable()
export class QuoteViews {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly realtime: SocketEmitter,
  ) {}

  async push(quoteId: string, event: 'quote:created' | 'quote:updated' = 'quote:updated'): Promise<void> {
    const view = await this.view(quoteId);
    if (view) this.realtime.toAdmins(event, view);
  }

  /** After an Email Quote: the quote as it is now, with how its email went. */
  async pushEmailOutcome(quoteId: string, emailOutcome: QuoteEmailOutcome): Promise<void> {
    const view = await this.view(quoteId);
    if (view) this.realtime.toAdmins('quote:updated', { ...view, emailOutcome });
  }

  private async view(quoteId: string): Promise<Quote | null> {
    const quote = await this.dataSource.getRepository(QuoteEntity).findOneBy({ id: quoteId });
    return quote ? toQuoteView(quote, await invoicesOfQuote(this.dataSource.manager, quoteId)) : null;
  }
}
