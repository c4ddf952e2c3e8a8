import { PdfRenderConsumer } from '../pdf/pdf-render.consumer.js';
import { PdfRenderer } from '../pdf/pdf-renderer.js';
import { BillingDocuments } from './billing-documents.js';
import { InvoiceMailer } from './invoice-mailer.js';
import { QuoteDrafter } from './quote-drafter.js';
import { QuoteViews } from './quote-views.js';

/** Quotes, tax invoices and their PDFs: what the billing handlers and the API's PDF requests use. */
export const BILLING_PROVIDERS = [PdfRenderer, BillingDocuments, QuoteViews, InvoiceMailer, QuoteDrafter, PdfRenderConsumer];
