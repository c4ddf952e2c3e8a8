import type { Quote } from '@towing/contracts';
import { Typography } from 'antd';
import { useState } from 'react';
import { useQuoteToasts } from '../hooks/useQuoteToasts';
import { formFromQuote } from '../quote-form';
import { useQuotes } from '../quotes-data';
import { ReadFailed } from '../../../shared/ui/ReadFailed';
import '../quotes.css';
import { PricingStructurePanel } from './PricingStructurePanel';
import { InvoiceExport } from './InvoiceExport';
import { type FormStart, QuoteForm } from './QuoteForm';
import { QuotePreview } from './QuotePreview';
import { QuoteStats } from './QuoteStats';
import { RecentQuotes } from './RecentQuotes';

/** The admin's Quotes & Billing tab: stats, pricing, the form and Recent Quotes, live. */
export function QuotesManager() {
  useQuoteToasts();
  const quotes = useQuotes();
  const [start, setStart] = useState<FormStart | null>(null);
  const [preview, setPreview] = useState<Quote | null>(null);
  /** Bumped for each opening and each save or cancel: the form remounts blank or with the new start. */
  const [formKey, setFormKey] = useState(0);

  function openForm(quote: Quote, duplicate: boolean) {
    setStart({ ...formFromQuote(quote, duplicate), quote: duplicate ? undefined : quote });
    setFormKey((key) => key + 1);
    window.scrollTo({ top: 0, behavior: 'smooth' });
  }

  return (
    <div className="quotes-manager">
      <QuoteStats />
      <PricingStructurePanel />
      <QuoteForm
        key={formKey}
        start={start}
        onDone={() => {
          setStart(null);
          setFormKey((key) => key + 1);
        }}
      />
      {quotes.isError && <ReadFailed what="quotes" onRetry={() => void quotes.refetch()} />}
      {quotes.data ? (
        <RecentQuotes onPreview={setPreview} onEdit={(quote) => openForm(quote, false)} onDuplicate={(quote) => openForm(quote, true)} />
      ) : (
        <Typography.Paragraph aria-busy="true">Loading quotes…</Typography.Paragraph>
      )}
      <QuotePreview quote={preview} onClose={() => setPreview(null)} />
      <InvoiceExport />
    </div>
  );
}
