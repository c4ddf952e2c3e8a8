import { canEmailQuote, quoteLabel, quoteSendChannels, quoteSentTitle } from '@towing/contracts';
import { useSocketEvent } from '../../../shared/realtime/useSocketEvent';
import { useNotification } from '../../../shared/ui/notification';
import { useQuotesStore } from '../state/quotes.store';

/**
 * What quote pushes say to the admin beyond the list (quotes-data.ts keeps that). Sending a quote
 * (Email Quote, Text Quote, Email & Text Quote) finishes in the worker, whose quote:updated says how it went: that is what settles the
 * "emailing…" tag and tells the admin who asked, with the spec's toasts. A quote the worker
 * drafted for a completed job arrives with the spec's Quote Created toast.
 */
export function useQuoteToasts(): void {
  const notification = useNotification();
  const store = useQuotesStore.getState;
  useSocketEvent('quote:created', (quote) => {
    // Only the worker creates a quote that already has its job: the draft for a completed job.
    if (quote.jobId) notification.success({ title: 'Quote Created', description: `${quoteLabel(quote.quoteNumber)} drafted for completed job ${quote.jobId}` });
  });
  useSocketEvent('quote:updated', ({ emailOutcome, ...quote }) => {
    if (!(quote.id in store().emailing)) return;
    if (emailOutcome?.status === 'sent') {
      store().emailSettled(quote.id);
      notification.success({ title: quoteSentTitle(quoteSendChannels(quote)) });
    } else if (emailOutcome?.status === 'failed') {
      store().emailSettled(quote.id);
      notification.error({ title: quoteSendChannels(quote).email ? 'Email sending failed' : 'Text sending failed', description: emailOutcome.error });
    } else if (!canEmailQuote(quote.status)) {
      // Accepted, rejected or expired meanwhile: the worker will not email it any more.
      store().emailSettled(quote.id);
    }
  });
}
