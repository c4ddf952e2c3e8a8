import { quoteLabel, quotePreviewPath, type Quote } from '@towing/contracts';
import { Modal } from 'antd';

/**
 * Preview: the very PDF the customer gets, rendered by the worker, shown in the browser's viewer.
 * The frame loads it from our own origin (the session cookie goes with it); a blob: frame would be
 * refused by our CSP's frame-src.
 */
export function QuotePreview({ quote, onClose }: { quote: Quote | null; onClose: () => void }) {
  return (
    <Modal open={quote !== null} title={quote ? `Quote ${quoteLabel(quote.quoteNumber)}` : ''} onCancel={onClose} footer={null} width={880} destroyOnHidden>
      {quote && <iframe title="Quote preview" src={quotePreviewPath(quote.id, quote.updatedAt)} style={{ width: '100%', height: '75vh', border: 0 }} />}
    </Modal>
  );
}
