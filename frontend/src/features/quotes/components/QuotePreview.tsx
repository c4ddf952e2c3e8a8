import { useQuery } from '@tanstack/react-query';
import { quoteLabel, type Quote } from '@towing/contracts';
import { Alert, Modal, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { api } from '../../../shared/api/client';
import { queryClient } from '../../../shared/query/queryClient';

/** The quote's PDF as a page URL while it is shown; the URL is given back when the PDF goes. */
function useObjectUrl(blob: Blob | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) return;
    const made = URL.createObjectURL(blob);
    setUrl(made);
    return () => {
      URL.revokeObjectURL(made);
      setUrl(null);
    };
  }, [blob]);
  return url;
}

/** Preview: the very PDF the customer gets, rendered by the worker, shown in the browser's viewer. */
export function QuotePreview({ quote, onClose }: { quote: Quote | null; onClose: () => void }) {
  const pdf = useQuery(
    {
      // A saved change moves updatedAt, and the preview shows the PDF of what is saved now.
      queryKey: ['quote-pdf', quote?.id, quote?.updatedAt],
      queryFn: ({ signal }) => api.call('GET /api/quotes/:id/pdf', { params: { id: quote!.id }, signal }),
      enabled: quote !== null,
      // A PDF is held only while its preview is open.
      gcTime: 0,
    },
    queryClient,
  );
  const url = useObjectUrl(quote ? pdf.data : undefined);

  return (
    <Modal open={quote !== null} title={quote ? `Quote ${quoteLabel(quote.quoteNumber)}` : ''} onCancel={onClose} footer={null} width={880} destroyOnHidden>
      {pdf.isError ? (
        <Alert type="error" title="The preview could not be made" description="Please try again in a minute." />
      ) : url ? (
        <iframe title="Quote preview" src={url} style={{ width: '100%', height: '75vh', border: 0 }} />
      ) : (
        <Spin />
      )}
    </Modal>
  );
}
