import { checkoutPath, type PublicQuote, quotePath, readCheckoutQuoteId } from '@towing/contracts';
import { CheckCircleFilled } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Result, Spin } from 'antd';
import { Link, Navigate, useSearchParams } from 'react-router-dom';
import { api } from '../../shared/api/client';
import { queryClient } from '../../shared/query/queryClient';
import { screenTitle, useDocumentTitle } from '../../shared/hooks/useDocumentTitle';
import { ResultHeading } from './components/ResultHeading';
import './quotes.css';

/** How often the page asks again while Stripe's webhook has not yet told us of the payment. */
const PROCESSING_POLL_MS = 2000;
/** What Stripe's return says of a payment that went through or is going through (redirect_status). */
const PAYING = new Set(['succeeded', 'processing']);

/**
 * Where Stripe returns the browser after the deposit (?quote_id=). It says what the quote's
 * payment state is, not what the address says: paid, the spec's texts; paid at Stripe but not
 * yet told to us by its webhook, "payment processing" (asked again until it is); otherwise the
 * checkout again. Opening the address proves nothing.
 */
export default function CheckoutSuccessPage() {
  useDocumentTitle(screenTitle('Payment Success'));
  const [search] = useSearchParams();
  const quoteId = readCheckoutQuoteId(search) ?? null;
  const returned = search.get('redirect_status');
  const paying = returned !== null && PAYING.has(returned);
  const read = useQuery(
    {
      queryKey: ['quote', quoteId],
      queryFn: () => api.call('GET /api/quotes/:id', { params: { id: quoteId! } }) as Promise<PublicQuote>,
      enabled: quoteId !== null && returned !== 'failed',
      refetchInterval: (query) => (paying && !query.state.data?.depositPaid ? PROCESSING_POLL_MS : false),
    },
    queryClient,
  );

  if (!quoteId) return <Navigate to="/checkout" replace />;
  // Stripe adds redirect_status when a bank's check (3-D Secure) sent the customer away and back.
  if (returned === 'failed') {
    return (
      <Result
        status="error"
        title={<ResultHeading level={1}>Payment Failed</ResultHeading>}
        subTitle="Your card was not charged. Please try again, or call us to pay."
        extra={
          <Link to={checkoutPath(quoteId)}>
            <Button type="primary">Try again</Button>
          </Link>
        }
      />
    );
  }
  if (read.isPending) return <Spin size="large" className="route-loading" />;
  if (read.data?.depositPaid) {
    return (
      <Result
        icon={<CheckCircleFilled style={{ color: '#16a34a' }} />}
        title={<ResultHeading level={1}>Payment Successful!</ResultHeading>}
        subTitle={
          <>
            Thank you for your payment. Your quote has been accepted.
            <br />
            You can close this window and return to the main page.
          </>
        }
        extra={
          <Link to={quotePath(quoteId)}>
            <Button>View your quote</Button>
          </Link>
        }
      />
    );
  }
  if (paying && read.data) {
    return (
      <Result
        icon={<Spin size="large" />}
        title={<ResultHeading level={1}>Payment processing</ResultHeading>}
        subTitle="Your card payment is being confirmed. This page updates by itself in a moment."
      />
    );
  }
  return <Navigate to={checkoutPath(quoteId)} replace />;
}
