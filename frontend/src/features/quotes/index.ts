export { InvoiceButton } from './components/InvoiceButton';

/** The Quotes Manager and its form library load when the board's tab is first opened. */
export const loadQuotesManager = () => import('./components/QuotesManager');
