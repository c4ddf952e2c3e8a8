import fc from 'fast-check';
import { checkoutPath, checkoutSuccessPath, feedbackPath, quotePath, readCheckoutQuoteId, readFeedbackLink, readTrackingLink, trackingPath } from './links.js';

/** What the browser hands a page: the link's query, parsed as URLSearchParams does. */
const queryOf = (path: string) => new URL(path, 'https://spinifex.example').searchParams;

const jobId = fc.stringMatching(/^JOB-\d{4}-\d{1,6}$/);
const token = fc.stringMatching(/^[A-Za-z0-9_-]{32}$/);

describe('tracking links', () => {
  it('read back the job and token they were built with', () => {
    fc.assert(fc.property(jobId, token, (id, secret) => {
      expect(readTrackingLink(queryOf(trackingPath({ jobId: id, token: secret })))).toEqual({ jobId: id, token: secret });
    }));
  });

  it('keep the format texts already sent carry', () => {
    expect(trackingPath({ jobId: 'JOB-2026-7', token: 'abc_DEF-1' })).toBe('/customer-portal?search=JOB-2026-7&token=abc_DEF-1');
    expect(trackingPath({ jobId: 'JOB-2026-7' })).toBe('/customer-portal?search=JOB-2026-7');
  });

  it('read a link without a token, or a blank one, as no token', () => {
    expect(readTrackingLink(queryOf('/customer-portal?search=JOB-2026-7'))).toEqual({ jobId: 'JOB-2026-7', token: undefined });
    expect(readTrackingLink(queryOf('/customer-portal?search=%20&token='))).toEqual({ jobId: undefined, token: undefined });
  });
});

describe('Rate links', () => {
  it('read back the job and token they were built with', () => {
    fc.assert(fc.property(jobId, token, (id, secret) => {
      expect(readFeedbackLink(queryOf(feedbackPath({ jobId: id, token: secret })))).toEqual({ jobId: id, token: secret });
    }));
  });

  it('keep the format texts already sent carry, and read a typed job id in upper case', () => {
    expect(feedbackPath({ jobId: 'JOB-2026-7', token: 'abc' })).toBe('/feedback?job=JOB-2026-7&token=abc');
    expect(readFeedbackLink(queryOf('/feedback?job=job-2026-7'))).toEqual({ jobId: 'JOB-2026-7', token: undefined });
  });
});

describe('quote links', () => {
  it('give the quote page its route', () => {
    expect(quotePath('Q-2026-0012')).toBe('/quote/Q-2026-0012');
    expect(quotePath('a/b')).toBe('/quote/a%2Fb');
  });

  it('read back the quote of every checkout link, in either spelling', () => {
    fc.assert(fc.property(fc.string({ minLength: 1 }).filter((id) => id.trim() === id && id !== ''), (id) => {
      expect(readCheckoutQuoteId(queryOf(checkoutPath(id)))).toBe(id);
      expect(readCheckoutQuoteId(queryOf(checkoutPath(id, { from: 'admin' })))).toBe(id);
      expect(readCheckoutQuoteId(queryOf(checkoutSuccessPath(id)))).toBe(id);
    }));
    expect(checkoutPath('Q-1')).toBe('/checkout?quote_id=Q-1&type=deposit');
    expect(checkoutPath('Q-1', { from: 'admin' })).toBe('/checkout?quote=Q-1');
  });

  it('read no quote from a checkout link without one', () => {
    expect(readCheckoutQuoteId(queryOf('/checkout'))).toBeUndefined();
  });
});
