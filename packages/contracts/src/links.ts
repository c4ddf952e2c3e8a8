/**
 * The links we send (SMS, email, the customer's own pages) and the pages that read them: each
 * format is written once here, its builder beside its reader. Builders give a path; put the
 * site's origin (PUBLIC_URL) in front for a message.
 */
import { givenText } from './text.js';

/** What a tracking link carries: the job, and the token that proves it without the last four digits. */
export interface TrackingLink {
  jobId: string;
  token?: string;
}

/** What a Rate link carries: the job to rate, and the tracking token that lets a visitor rate it. */
export interface FeedbackLink {
  jobId: string;
  token?: string;
}

/** A link's query as pages read it: the browser's URLSearchParams (contracts run without the DOM's types). */
export interface LinkQuery {
  get(name: string): string | null;
}

function withQuery(path: string, query: Record<string, string | undefined>): string {
  const pairs = Object.entries(query).flatMap(([name, value]) => (value === undefined ? [] : [`${name}=${encodeURIComponent(value)}`]));
  return `${path}?${pairs.join('&')}`;
}

function given(params: LinkQuery, name: string): string | undefined {
  return givenText(params.get(name));
}

/** /customer-portal?search={jobId}&token={token}: the portal opens the job (the token only with a text's link). */
export function trackingPath({ jobId, token }: TrackingLink): string {
  return withQuery('/customer-portal', { search: jobId, token });
}

/** The tracking link's job and token as the portal reads them; jobId undefined when there is none. */
export function readTrackingLink(params: LinkQuery): Partial<TrackingLink> {
  return { jobId: given(params, 'search'), token: given(params, 'token') };
}

/** /feedback?job={jobId}&token={token}: the Rate link. */
export function feedbackPath({ jobId, token }: FeedbackLink): string {
  return withQuery('/feedback', { job: jobId, token });
}

/** The Rate link's job (job ids are upper case, as people may not type them) and token. */
export function readFeedbackLink(params: LinkQuery): Partial<FeedbackLink> {
  return { jobId: given(params, 'job')?.toUpperCase(), token: given(params, 'token') };
}

/** /quote/{id}: the customer's page to read and accept a quote (the route is `quote/:id`). */
export function quotePath(quoteId: string): string {
  return `/quote/${encodeURIComponent(quoteId)}`;
}

/**
 * /checkout?quote_id={id}&type=deposit: paying a quote's deposit. The admin's Pay Now opens
 * ?quote={id}; the spec keeps both readings, so {@link readCheckoutQuoteId} takes either.
 */
export function checkoutPath(quoteId: string, { from }: { from: 'customer' | 'admin' } = { from: 'customer' }): string {
  return from === 'admin' ? withQuery('/checkout', { quote: quoteId }) : withQuery('/checkout', { quote_id: quoteId, type: 'deposit' });
}

/** /checkout/success?quote_id={id}: where the card payment returns the browser. */
export function checkoutSuccessPath(quoteId: string): string {
  return withQuery('/checkout/success', { quote_id: quoteId });
}

/** The quote a checkout or checkout-success link is for, from either of its spellings. */
export function readCheckoutQuoteId(params: LinkQuery): string | undefined {
  return given(params, 'quote_id') ?? given(params, 'quote');
}
