import { PhoneOutlined } from '@ant-design/icons';
import {
  BUSINESS,
  checkoutPath,
  formatMoney,
  formatPerthLongDate,
  type PublicQuote,
  QUOTE_MESSAGES,
  quoteLabel,
  quoteTerms,
  telHref,
} from '@towing/contracts';
import { Alert, Button, Card, Checkbox, Descriptions, Form, Input, Result, Skeleton, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { api } from '../../shared/api/client';
import { queryClient } from '../../shared/query/queryClient';
import { applyServerErrors } from '../../shared/forms/serverErrors';
import { screenTitle, useDocumentTitle } from '../../shared/hooks/useDocumentTitle';
import { useNotification } from '../../shared/ui/notification';
import { InvoiceList } from './components/InvoiceList';
import { PriceBreakdown } from './components/PriceBreakdown';
import { ResultHeading } from './components/ResultHeading';
import './quotes.css';

/** docs/rules.md, "Quotes and prices": the browser goes to payment 1.5 s after accepting. */
export const REDIRECT_DELAY_MS = 1500;

type Load = { state: 'loading' } | { state: 'missing' } | { state: 'loaded'; quote: PublicQuote };
type Outcome = null | 'payment' | 'scheduled' | 'invoiced';

/** The status as the customer reads it; a quote open for them needs no word. */
const STATUS_WORDS: Partial<Record<PublicQuote['status'], string>> = { accepted: 'Accepted', expired: 'Expired', rejected: 'Closed' };

function CallButton() {
  return (
    <Button type="primary" icon={<PhoneOutlined />} href={telHref(BUSINESS.phoneE164)}>
      Call {BUSINESS.phone}
    </Button>
  );
}

function QuoteDetails({ quote }: { quote: PublicQuote }) {
  return (
    <>
      <Descriptions
        column={{ xs: 1, sm: 2 }}
        size="small"
        items={[
          { key: 'customer', label: 'Customer', children: quote.customerName },
          ...(quote.service ? [{ key: 'service', label: 'Service', children: quote.service }] : []),
          ...(quote.vehicleType ? [{ key: 'vehicle', label: 'Vehicle', children: quote.vehicleType }] : []),
          ...(quote.location ? [{ key: 'location', label: 'Location', children: quote.location }] : []),
          { key: 'valid', label: 'Valid until', children: formatPerthLongDate(quote.validUntil) },
        ]}
      />
      <table className="quote-items">
        <thead>
          <tr>
            <th>Description</th>
            <th className="num">Qty</th>
            <th className="num">Amount</th>
          </tr>
        </thead>
        <tbody>
          {quote.items.map((item, index) => (
            <tr key={index}>
              <td>{item.description}</td>
              <td className="num">{item.quantity}</td>
              <td className="num">{formatMoney(item.total)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <PriceBreakdown price={quote} showDeposit={false} />
      {quote.workDone ? (
        <div className="quote-deposit-split" aria-label="Amount due">
          <div>
            Amount due for the work done
            <strong>{formatMoney(quote.finalPrice)}</strong>
          </div>
        </div>
      ) : quote.depositAmount > 0 && (
        <div className="quote-deposit-split" aria-label="Deposit split">
          <div>
            Deposit to book {quote.depositPaid && <Tag color="green">paid</Tag>}
            <strong>{formatMoney(quote.depositAmount)}</strong>
          </div>
          <div>
            Balance after service
            <strong>{formatMoney(quote.balanceAmount)}</strong>
          </div>
        </div>
      )}
      {quote.notes && <Alert type="info" title="Notes" description={<span style={{ whiteSpace: 'pre-wrap' }}>{quote.notes}</span>} />}
      {quote.invoices.length > 0 && (
        <>
          <Typography.Title level={5}>Tax invoices</Typography.Title>
          <InvoiceList invoices={quote.invoices} />
        </>
      )}
    </>
  );
}

interface AcceptValues {
  name: string;
  acceptTerms: boolean;
}

function AcceptForm({ quote, onAccepted }: { quote: PublicQuote; onAccepted: (quote: PublicQuote, outcome: Exclude<Outcome, null>) => void }) {
  const notification = useNotification();
  const [form] = Form.useForm<AcceptValues>();
  const [busy, setBusy] = useState(false);

  async function accept(values: AcceptValues) {
    setBusy(true);
    try {
      const answer = await api.call('POST /api/quotes/:id/accept', { params: { id: quote.id }, body: { name: values.name, acceptTerms: values.acceptTerms === true } });
      onAccepted(answer.quote, answer.next);
    } catch (error) {
      applyServerErrors(form, error);
      notification.error({ title: 'Failed to accept quote', description: 'Please try again or contact us directly.' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Form<AcceptValues> form={form} layout="vertical" onFinish={accept} requiredMark={false}>
      <Typography.Title level={4}>Ready to proceed?</Typography.Title>
      <Typography.Paragraph>
        {quote.workDone
          ? `The work is done. Accept the quote and we will send your tax invoice for the ${formatMoney(quote.finalPrice)} due, payable by cash, card or bank transfer.`
          : quote.depositAmount > 0
            ? `Accept the quote and pay the ${formatMoney(quote.depositAmount)} deposit by card to book the work.`
            : 'Accept the quote and we will schedule the work.'}
      </Typography.Paragraph>
      <ul className="terms">
        {quoteTerms(formatPerthLongDate(quote.validUntil)).map((term) => (
          <li key={term}>{term}</li>
        ))}
      </ul>
      <Form.Item label="Your full name" name="name" rules={[{ required: true, whitespace: true, min: 2, message: QUOTE_MESSAGES.acceptName }]}>
        <Input autoComplete="name" maxLength={100} />
      </Form.Item>
      <Form.Item name="acceptTerms" valuePropName="checked" rules={[{ validator: (_, value) => (value ? Promise.resolve() : Promise.reject(new Error(QUOTE_MESSAGES.acceptTerms))) }]}>
        <Checkbox>I accept this quote and its terms</Checkbox>
      </Form.Item>
      <Button type="primary" htmlType="submit" size="large" loading={busy}>
        Accept Quote
      </Button>
    </Form>
  );
}

/** The customer's quote from their link: every state it can be in. */
export default function QuotePage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const read = useQuery({ queryKey: ['quote', id], queryFn: () => api.call('GET /api/quotes/:id', { params: { id } }) as Promise<PublicQuote> }, queryClient);
  const load: Load = read.data ? { state: 'loaded', quote: read.data } : read.isError ? { state: 'missing' } : { state: 'loading' };
  const [outcome, setOutcome] = useState<Outcome>(null);
  useDocumentTitle(screenTitle(load.state === 'loaded' ? `Quote ${quoteLabel(load.quote.quoteNumber)}` : 'Quote'));

  useEffect(() => {
    if (outcome !== 'payment') return;
    const timer = setTimeout(() => navigate(checkoutPath(id)), REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [outcome, id, navigate]);

  if (load.state === 'loading') {
    return (
      <Card className="quote-page" title="Your quote">
        <Skeleton active />
      </Card>
    );
  }
  if (load.state === 'missing') {
    return <Result className="quote-page" status="404" title={<ResultHeading level={1}>Quote Not Found</ResultHeading>} subTitle="This quote may have expired or the link is invalid." extra={<CallButton />} />;
  }

  const { quote } = load;
  const awaitingDeposit = quote.status === 'accepted' && !quote.workDone && quote.depositAmount > 0 && !quote.depositPaid;
  const invoiced = <Result status="success" title={<ResultHeading>Quote Accepted!</ResultHeading>} subTitle={`Thank you. Your tax invoice for the ${formatMoney(quote.finalPrice)} due is above.`} />;
  let action;
  if (outcome === 'payment') action = <Result status="success" title={<ResultHeading>Quote Accepted!</ResultHeading>} subTitle="Redirecting to payment page..." />;
  else if (outcome === 'scheduled') action = <Result status="success" title={<ResultHeading>Job Created</ResultHeading>} subTitle="Your service has been scheduled. We'll contact you shortly." />;
  else if (outcome === 'invoiced') action = invoiced;
  else if (quote.status === 'expired') action = <Result status="warning" title={<ResultHeading>This quote has expired</ResultHeading>} subTitle="Please contact us for an updated quote." extra={<CallButton />} />;
  else if (quote.status === 'accepted' && quote.workDone) action = invoiced;
  else if (quote.status === 'accepted' && !awaitingDeposit) action = <Result status="success" title={<ResultHeading>Quote Already Accepted</ResultHeading>} subTitle="This quote has been accepted and the job is scheduled." />;
  else if (quote.status === 'rejected') action = <Result status="info" title={<ResultHeading>This quote is closed</ResultHeading>} subTitle="Please contact us for an updated quote." extra={<CallButton />} />;
  else if (awaitingDeposit)
    action = (
      <Result
        status="info"
        title={<ResultHeading>Deposit to pay</ResultHeading>}
        subTitle={`You accepted this quote as ${quote.acceptance!.name} on ${formatPerthLongDate(quote.acceptance!.at)}. Pay the ${formatMoney(quote.depositAmount)} deposit to book the work.`}
        extra={
          <Button type="primary" onClick={() => navigate(checkoutPath(quote.id))}>
            Pay deposit
          </Button>
        }
      />
    );
  else
    action = (
      <AcceptForm
        quote={quote}
        onAccepted={(accepted, next) => {
          queryClient.setQueryData(['quote', id], accepted);
          setOutcome(next);
        }}
      />
    );

  return (
    <div className="page quote-page">
      <Card
        title={
          <span>
            Quote {quoteLabel(quote.quoteNumber)} {STATUS_WORDS[quote.status] && <Tag>{STATUS_WORDS[quote.status]}</Tag>}
          </span>
        }
      >
        <QuoteDetails quote={quote} />
      </Card>
      <Card style={{ marginTop: 16 }}>{action}</Card>
    </div>
  );
}
