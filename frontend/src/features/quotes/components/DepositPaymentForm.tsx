import { checkoutSuccessPath } from '@towing/contracts';
import { PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { Button } from 'antd';
import { useState } from 'react';
import { useNotification } from '../../../shared/ui/notification';

/** Stripe's PaymentElement and Pay Now; Stripe returns the browser to /checkout/success?quote_id=. */
export function DepositPaymentForm({ quoteId }: { quoteId: string }) {
  const stripe = useStripe();
  const elements = useElements();
  const notification = useNotification();
  const [ready, setReady] = useState(false);
  const [processing, setProcessing] = useState(false);

  async function pay() {
    if (!stripe || !elements) return;
    setProcessing(true);
    try {
      const { error } = await stripe.confirmPayment({
        elements,
        confirmParams: { return_url: `${window.location.origin}${checkoutSuccessPath(quoteId)}` },
      });
      // Only reached when the payment did not go through; success navigates away.
      if (error) notification.error({ title: 'Payment Failed', description: error.message });
    } catch {
      notification.error({ title: 'Payment Error', description: 'An unexpected error occurred. Please try again.' });
    } finally {
      setProcessing(false);
    }
  }

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void pay();
      }}
    >
      <PaymentElement onReady={() => setReady(true)} />
      <Button type="primary" htmlType="submit" size="large" block style={{ marginTop: 16 }} disabled={!stripe || !elements || !ready || processing}>
        {processing ? 'Processing...' : 'Pay Now'}
      </Button>
    </form>
  );
}
