import { formatMoney, formatPerthLongDate, type InvoiceSummary } from '@towing/contracts';
import { Tag } from 'antd';

const KIND = { deposit: 'Deposit', balance: 'Balance' } as const;
const STATUS_COLOURS = { paid: 'green', pending: 'gold', void: 'default' } as const;

/** A quote's or job's tax invoices, each with its PDF. */
export function InvoiceList({ invoices }: { invoices: InvoiceSummary[] }) {
  return (
    <ul className="invoice-list">
      {invoices.map((invoice) => (
        <li key={invoice.number}>
          <a href={invoice.pdfUrl} download={`${invoice.number}.pdf`}>
            {invoice.number}
          </a>{' '}
          {KIND[invoice.kind]} · {formatMoney(invoice.amount)} (GST {formatMoney(invoice.gstAmount)}) · issued {formatPerthLongDate(invoice.issuedAt)}{' '}
          <Tag color={STATUS_COLOURS[invoice.status]}>{invoice.status === 'paid' && invoice.paidAt ? `paid ${formatPerthLongDate(invoice.paidAt)}` : invoice.status}</Tag>
        </li>
      ))}
    </ul>
  );
}
