import {
  canEditQuote,
  canEmailQuote,
  canTakePayment,
  checkoutPath,
  formatMoney,
  formatPerthDateTime,
  formatPerthLongDate,
  type Quote,
  quoteLabel,
  quotePdfFilename,
  quoteRoute,
  quoteSendChannels,
  type QuoteStatus,
  sendQuoteLabel,
} from '@towing/contracts';
import { Button, Empty, Popconfirm, Space, Tag, Typography } from 'antd';
import { api, HttpError } from '../../../shared/api/client';
import { errorText } from '../../../shared/forms/serverErrors';
import { useNotification } from '../../../shared/ui/notification';
import { quoteChanged, quoteRemoved, useQuotes } from '../quotes-data';
import { useQuotesStore } from '../state/quotes.store';
import { InvoiceList } from './InvoiceList';

const STATUS_COLOURS: Record<QuoteStatus, string> = { draft: 'default', sent: 'blue', accepted: 'green', rejected: 'red', expired: 'orange' };

/** Pay Now opens the checkout in a 600x600 popup (docs/rules.md, "Quotes and prices"). */
const PAY_WINDOW = 'width=600,height=600';

function saveFile(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Sends by the ways the customer has, and says which; without email or mobile it says why it cannot. */
function SendButton({ quote, sending, onSend }: { quote: Quote; sending: boolean; onSend: () => void }) {
  const label = sendQuoteLabel(quoteSendChannels(quote));
  return (
    <Button size="small" loading={sending} onClick={onSend} disabled={label === null} title={label === null ? 'No email address or mobile number' : undefined}>
      {label ?? 'Email Quote'}
    </Button>
  );
}

/** An accepted quote at a glance: its deposit paid or due, its balance invoiced or not yet. */
function PaymentTags({ quote }: { quote: Quote }) {
  const balance = quote.invoices.find((invoice) => invoice.kind === 'balance');
  return (
    <>
      {quote.depositAmount > 0 && (quote.depositPaid ? <Tag color="green">deposit paid</Tag> : !balance && <Tag color="gold">deposit due</Tag>)}
      {balance ? <Tag color={balance.status === 'paid' ? 'green' : 'blue'}>{balance.status === 'paid' ? 'balance paid' : 'balance invoiced'}</Tag> : <Tag>balance not invoiced</Tag>}
    </>
  );
}

interface Props {
  onPreview: (quote: Quote) => void;
  onEdit: (quote: Quote) => void;
  onDuplicate: (quote: Quote) => void;
}

/** Recent Quotes with every action of the spec, each as its status allows. */
export function RecentQuotes({ onPreview, onEdit, onDuplicate }: Props) {
  const notification = useNotification();
  const quotes = useQuotes().data ?? [];
  const emailing = useQuotesStore((state) => state.emailing);
  const store = useQuotesStore.getState;

  async function email(quote: Quote) {
    store().emailRequested(quote.id);
    try {
      quoteChanged(await api.call('POST /api/quotes/:id/send-email', { params: { id: quote.id } }));
    } catch (error) {
      store().emailSettled(quote.id);
      notification.error({ title: 'Failed to send quote email', description: errorText(error) });
    }
  }

  async function download(quote: Quote) {
    try {
      saveFile(await api.call('GET /api/quotes/:id/pdf', { params: { id: quote.id } }), quotePdfFilename(quote.quoteNumber));
      notification.success({ title: 'Quote PDF downloaded successfully' });
    } catch {
      notification.error({ title: 'Failed to download PDF' });
    }
  }

  async function payNow(quote: Quote) {
    try {
      await api.call('POST /api/quotes/:id/create-payment-intent', { params: { id: quote.id } });
      window.open(checkoutPath(quote.id, { from: 'admin' }), 'checkout', PAY_WINDOW);
      notification.success({ title: 'Payment window opened' });
    } catch (error) {
      // 503: no Stripe keys on the server, so no card can be taken until they are set.
      if (error instanceof HttpError && error.status === 503) {
        notification.warning({ title: 'Card payments are not set up', description: 'Pay Now needs the Stripe keys on the server (see README). Until then take the deposit by cash or bank transfer.' });
      } else {
        notification.error({ title: 'Payment failed', description: 'Unable to process payment. Please try again.' });
      }
    }
  }

  async function setStatus(quote: Quote, status: 'accepted' | 'rejected') {
    try {
      quoteChanged(await api.call('PATCH /api/quotes/:id', { params: { id: quote.id }, body: { status } }));
      notification.success({ title: `Quote ${status}` });
    } catch (error) {
      notification.error({ title: 'Failed to update quote', description: errorText(error) });
    }
  }

  async function remove(quote: Quote) {
    try {
      await api.call('DELETE /api/quotes/:id', { params: { id: quote.id } });
      quoteRemoved(quote.id);
      notification.success({ title: 'Quote deleted' });
    } catch {
      notification.error({ title: 'Failed to delete quote' });
    }
  }

  if (quotes.length === 0) return <Empty description="No quotes yet" />;

  return (
    <div className="recent-quotes">
      <Typography.Title level={4}>Recent Quotes</Typography.Title>
      {quotes.map((quote) => {
        const sending = quote.id in emailing;
        const payable = canTakePayment(quote.status) && quote.depositAmount > 0 && !quote.depositPaid;
        return (
          <div key={quote.id} className="admin-list-item" data-testid={`quote-${quote.quoteNumber}`} style={{ borderBottom: '1px solid #eee', padding: '12px 0' }}>
            <div className="admin-row" style={{ justifyContent: 'space-between', flexWrap: 'wrap', gap: 8 }}>
              <span className="admin-row" style={{ gap: 8 }}>
                <strong>{quoteLabel(quote.quoteNumber)}</strong>
                <span>{quote.customerName}</span>
                <Tag color={STATUS_COLOURS[quote.status]}>{quote.status}</Tag>
                {sending && <Tag color="processing">emailing…</Tag>}
                {quote.status === 'accepted' && <PaymentTags quote={quote} />}
              </span>
              <strong>{formatMoney(quote.finalPrice)}</strong>
            </div>
            <Typography.Text type="secondary">
              {[quote.service, quoteRoute(quote.fromLocation, quote.toLocation)].filter(Boolean).join(' · ')}
              {' · '}created {formatPerthDateTime(quote.createdAt)} · valid until {formatPerthLongDate(quote.validUntil)}
              {quote.sentAt && ` · emailed ${formatPerthDateTime(quote.sentAt)}`}
              {quote.jobId && ` · job ${quote.jobId}`}
              {quote.acceptance && ` · accepted by ${quote.acceptance.name} ${formatPerthDateTime(quote.acceptance.at)}`}
            </Typography.Text>
            {quote.invoices.length > 0 && <InvoiceList invoices={quote.invoices} />}
            <Space wrap style={{ marginTop: 8 }}>
              <Button size="small" onClick={() => onPreview(quote)}>
                Preview
              </Button>
              {canEditQuote(quote.status) && (
                <Button size="small" onClick={() => onEdit(quote)}>
                  Edit
                </Button>
              )}
              {canEmailQuote(quote.status) && (
                <SendButton quote={quote} sending={sending} onSend={() => void email(quote)} />
              )}
              <Button size="small" onClick={() => void download(quote)}>
                Download PDF
              </Button>
              {payable && (
                <Button size="small" onClick={() => void payNow(quote)}>
                  Pay Now
                </Button>
              )}
              <Button size="small" onClick={() => onDuplicate(quote)}>
                Duplicate
              </Button>
              {quote.status === 'sent' && (
                <>
                  <Button size="small" type="primary" onClick={() => void setStatus(quote, 'accepted')}>
                    Mark Accepted
                  </Button>
                  <Button size="small" danger onClick={() => void setStatus(quote, 'rejected')}>
                    Mark Rejected
                  </Button>
                </>
              )}
              <Popconfirm title="Delete this quote?" okText="Delete" onConfirm={() => void remove(quote)}>
                <Button size="small" danger type="text">
                  Delete
                </Button>
              </Popconfirm>
            </Space>
          </div>
        );
      })}
    </div>
  );
}
