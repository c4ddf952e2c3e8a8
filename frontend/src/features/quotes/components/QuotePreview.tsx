import { quoteLabel, type Quote } from '@towing/contracts';
import { Alert, Modal, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { api } from '../../../shared/api/client';

/** Preview: the very PDF the customer gets, rendered by the worker, shown in the browser's viewer. */
export function QuotePreview({ quote, onClose }: { quote: Quote | null; onClose: () => void }) {
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!quote) return;
    let current = true;
    let objectUrl: string | null = null;
    setUrl(null);
    setFailed(false);
    api
      .call('GET /api/quotes/:id/pdf', { params: { id: quote.id } })
      .then((blob) => {
        if (!current) return;
        objectUrl = URL.createObjectURL(blob);
        setUrl(objectUrl);
      })
      .catch(() => current && setFailed(true));
    return () => {
      current = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [quote]);

  return (
    <Modal open={quote !== null} title={quote ? `Quote ${quoteLabel(quote.quoteNumber)}` : ''} onCancel={onClose} footer={null} width={880} destroyOnHidden>
      {failed ? (
        <Alert type="error" title="The preview could not be made" description="Please try again in a minute." />
      ) : url ? (
        <iframe title="Quote preview" src={url} style={{ width: '100%', height: '75vh', border: 0 }} />
      ) : (
        <Spin />
      )}
    </Modal>
  );
}
