import { checkoutPath, quotePath, readCheckoutQuoteId } from '@towing/contracts';
import { CheckCircleFilled } from '@ant-design/icons';
import { Button, Result } from 'antd';
import { Link, useSearchParams } from 'react-router-dom';
import { screenTitle, useDocumentTitle } from '../../shared/hooks/useDocumentTitle';
import { ResultHeading } from './components/ResultHeading';
import './quotes.css';

/** Where Stripe returns the browser after the deposit is paid (?quote_id=). */
export default function CheckoutSuccessPage() {
  useDocumentTitle(screenTitle('Payment Success'));
  const [search] = useSearchParams();
  const quoteId = readCheckoutQuoteId(search) ?? null;
  // Stripe adds redirect_status when a bank's check (3-D Secure) sent the customer away and back.
  if (search.get('redirect_status') === 'failed') {
    return (
      <Result
        status="error"
        title={<ResultHeading level={1}>Payment Failed</ResultHeading>}
        subTitle="Your card was not charged. Please try again, or call us to pay."
        extra={quoteId && (
          <Link to={checkoutPath(quoteId)}>
            <Button type="primary">Try again</Button>
          </Link>
        )}
      />
    );
  }
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
        quoteId ? (
          <Link to={quotePath(quoteId)}>
            <Button>View your quote</Button>
          </Link>
        ) : (
          <Link to="/">
            <Button>Home</Button>
          </Link>
        )
      }
    />
  );
}
