import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import CheckoutPage from './CheckoutPage';
import { apiAnswer, fakeFetch, restoreFetch } from '../../../test/api-answer';

const ID = 'AbCdEfGhIjKlMnOpQrStUv';

function answerIntentWith(response: Response) {
  fakeFetch((url, init) => {
    if (`${init?.method} ${url}` !== `POST /api/quotes/${ID}/create-payment-intent`) throw new Error(`unexpected ${url}`);
    return response;
  });
}

const open = () =>
  render(
    <MemoryRouter initialEntries={[`/checkout?quote=${ID}`]}>
      <CheckoutPage />
    </MemoryRouter>,
  );

afterEach(() => {
  cleanup();
  restoreFetch();
});

describe('checkout when the deposit cannot be set up', () => {
  it("says card payment is unavailable in the server's words", async () => {
    answerIntentWith(apiAnswer(503, { statusCode: 503, error: 'Service Unavailable', message: 'Card payment is not available at the moment. Please call us to pay your deposit.' }));
    open();
    await screen.findByText('Card payment is not available at the moment. Please call us to pay your deposit.');
  });

  it("shows the field's message the server gave, as every form does", async () => {
    answerIntentWith(apiAnswer(400, { statusCode: 400, error: 'Bad Request', message: 'Bad Request Exception', errors: [{ field: 'id', message: 'That quote link is not complete' }] }));
    open();
    expect((await screen.findAllByText('Payment Setup Failed')).length).toBeGreaterThan(0);
    screen.getByText('That quote link is not complete');
  });
});
