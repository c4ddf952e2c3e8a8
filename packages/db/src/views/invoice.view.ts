import type { InvoiceSummary } from '@towing/contracts';
import type { InvoiceEntity } from '../entities/invoice.entity.js';

/** The invoice's PDF under its quote's unguessable id: whoever holds the quote link may read it. */
export function invoicePdfPath(quoteId: string, number: string): string {
  return `/api/quotes/${encodeURIComponent(quoteId)}/invoices/${encodeURIComponent(number)}/pdf`;
}

export function toInvoiceSummary(invoice: InvoiceEntity, quoteId: string): InvoiceSummary {
  return {
    number: invoice.number,
    kind: invoice.kind,
    status: invoice.status,
    amount: invoice.amount,
    gstAmount: invoice.gstAmount,
    issuedAt: invoice.issuedAt.toISOString(),
    dueDate: invoice.dueDate,
    paidAt: invoice.paidAt?.toISOString() ?? null,
    pdfUrl: invoicePdfPath(quoteId, invoice.number),
  };
}
