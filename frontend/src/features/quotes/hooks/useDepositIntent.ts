import type { PaymentIntentResponse } from '@towing/contracts';
import { useEffect, useState } from 'react';
import { api, HttpError } from '../../../shared/api/client';
import { serverErrors } from '../../../shared/forms/serverErrors';
import { useNotification } from '../../../shared/ui/notification';

export type DepositIntent =
  | { state: 'missing-quote' }
  | { state: 'loading' }
  | { state: 'unavailable'; message: string }
  | { state: 'failed'; message: string | null }
  | { state: 'ready'; intent: PaymentIntentResponse };

/** The quote's deposit PaymentIntent for /checkout, with the spec's toasts. */
export function useDepositIntent(quoteId: string | null): DepositIntent {
  const notification = useNotification();
  const [intent, setIntent] = useState<DepositIntent>(quoteId ? { state: 'loading' } : { state: 'missing-quote' });

  useEffect(() => {
    if (!quoteId) {
      setIntent({ state: 'missing-quote' });
      notification.error({ title: 'Invalid Payment Link', description: 'Missing quote information. Please try again.' });
      return;
    }
    let current = true;
    setIntent({ state: 'loading' });
    api
      .call('POST /api/quotes/:id/create-payment-intent', { params: { id: quoteId } })
      .then((answer) => {
        if (!current) return;
        if (!answer.clientSecret) throw new Error('No client secret');
        setIntent({ state: 'ready', intent: answer });
      })
      .catch((error: unknown) => {
        if (!current) return;
        const message = serverErrors(error).message ?? null;
        if (error instanceof HttpError && error.status === 503) {
          setIntent({ state: 'unavailable', message: message ?? 'Card payment is not available at the moment.' });
          return;
        }
        setIntent({ state: 'failed', message });
        notification.error({ title: 'Payment Setup Failed', description: 'Unable to setup payment. Please try again.' });
      });
    return () => {
      current = false;
    };
  }, [quoteId, notification]);

  return intent;
}
