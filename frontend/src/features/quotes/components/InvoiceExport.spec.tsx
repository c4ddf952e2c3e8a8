import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { InvoiceExport } from './InvoiceExport';

afterEach(cleanup);

describe('InvoiceExport', () => {
  it("links to the range's Xero and plain CSV, and not to a range that ends before it starts", () => {
    render(<InvoiceExport />);
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-07-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-09-30' } });
    expect(screen.getByRole('link', { name: /Xero CSV/ }).getAttribute('href')).toBe('/api/accounting/invoices.csv?from=2026-07-01&to=2026-09-30&format=xero');
    expect(screen.getByRole('link', { name: /Plain CSV/ }).getAttribute('href')).toBe('/api/accounting/invoices.csv?from=2026-07-01&to=2026-09-30&format=plain');

    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-06-30' } });
    expect(screen.queryByRole('link', { name: /Xero CSV/ })).toBeNull();
    expect(screen.getByText('Xero CSV').closest('a')?.hasAttribute('href')).toBe(false);
  });
});
