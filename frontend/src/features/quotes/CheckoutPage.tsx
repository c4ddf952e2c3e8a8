import { Elements } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import { BUSINESS, formatMoney, quoteLabel, telHref, readCheckoutQuoteId } from '@towing/contracts';
import { Alert, Button, Card, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { screenTitle, useDocumentTitle } from '../../shared/hooks/useDocumentTitle';
import { DepositPaymentForm } from './components/DepositPaymentForm';
import { useDepositIntent } from './hooks/useDepositIntent';
import './quotes.css';

/** Stripe.js, loaded from Stripe once per publishable key and only on this screen. */
const stripeLoads = new Map<string, Promise<Stripe | null>>();
function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let load = stripeLoads.get(publishableKey);
  if (!load) {
    load = loadStripe(publishableKey);
    stripeLoads.set(publishableKey, load);
  }
  return load;
}

type StripeLoad = { state: 'loading' } | { state: 'ready'; stripe: Promise<Stripe | null> } | { state: 'failed' };

function useStripeJs(publishableKey: string | null): StripeLoad {
  const [load, setLoad] = useState<StripeLoad>({ state: 'loading' });
  useEffect(() => {
    if (!publishableKey) return;
    const promise = stripeFor(publishableKey);
    let current = true;
    promise.then(
      (stripe) => current && setLoad(stripe ? { state: 'ready', stripe: promise } : { state: 'failed' }),
      () => {
        stripeLoads.delete(publishableKey);
        if (current) setLoad({ state: 'failed' });
      },
    );
    return () => {
      current = false;
    };
  }, [publishableKey]);
  return load;
}

function CallUs() {
  return (
    <Button href={telHref(BUSINESS.phoneE164)} type="primary">
      Call {BUSINESS.phone}
    </Button>
  );
}

function WithCallUs({ text }: { text: string }) {
  return (
    <>
      <Typography.Paragraph>{text}</Typography.Paragraph>
      <CallUs />
    </>
  );
}

/** /checkout?quote={id} (admin Pay Now) or ?quote_id={id} (after accepting): the deposit by card. */
export default function CheckoutPage() {
  useDocumentTitle(screenTitle('Payment Checkout'));
  const [search] = useSearchParams();
  const quoteId = readCheckoutQuoteId(search) ?? null;
  const intent = useDepositIntent(quoteId);
  const stripe = useStripeJs(intent.state === 'ready' ? intent.intent.publishableKey : null);

  if (intent.state !== 'ready') {
    return (
      <div className="page">
        <Card className="checkout-card" title="Payment Checkout">
          {intent.state === 'missing-quote' && <Alert type="error" title="Invalid Payment Link" description="Missing quote information. Please try again." />}
          {intent.state === 'loading' && (
            <div className="route-loading" aria-busy="true">
              <Spin size="large" />
            </div>
          )}
          {/* The call button goes under the words: beside them it squeezes the title to wrap mid-word on a phone. */}
          {intent.state === 'unavailable' && <Alert type="warning" title="Card payment is unavailable" description={<WithCallUs text={intent.message} />} />}
          {intent.state === 'failed' && (
            <Alert type="error" title="Payment Setup Failed" description={<WithCallUs text={intent.message ?? 'Unable to setup payment. Please try again.'} />} />
          )}
        </Card>
      </div>
    );
  }

  const { clientSecret, amount, quoteNumber } = intent.intent;
  return (
    <div className="page">
      <Card className="checkout-card" title="Complete Payment">
        <Typography.Paragraph type="secondary">Secure payment for your service quote</Typography.Paragraph>
        <Typography.Paragraph>
          Deposit for quote {quoteLabel(quoteNumber)}: <strong data-testid="checkout-amount">{formatMoney(amount)}</strong>
        </Typography.Paragraph>
        {stripe.state === 'failed' ? (
          <Alert
            type="warning"
            title="Card payment is unavailable"
            description={`The secure card form could not load. Check your connection and reload, or call us on ${BUSINESS.phone} to pay.`}
          />
        ) : stripe.state === 'loading' ? (
          <Spin />
        ) : (
          <Elements stripe={stripe.stripe} options={{ clientSecret }}>
            <DepositPaymentForm quoteId={intent.intent.quoteId} />
          </Elements>
        )}
      </Card>
    </div>
  );
}
