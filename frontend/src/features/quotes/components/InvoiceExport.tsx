import { DownloadOutlined } from '@ant-design/icons';
import { type AccountingExportFormat, isCalendarDate, todayInPerth } from '@towing/contracts';
import { Button, Card, Input, Space, Typography } from 'antd';
import { useState } from 'react';
import { routeUrl } from '../../../shared/api/client';

/**
 * Quotes & Billing: the tax invoices and payments of a date range for the accountant, as Xero's
 * sales invoice import or as a plain CSV. Plain links: the browser downloads with the session cookie.
 */
export function InvoiceExport() {
  const today = todayInPerth();
  const [from, setFrom] = useState(`${today.slice(0, 8)}01`);
  const [to, setTo] = useState(today);
  const valid = isCalendarDate(from) && isCalendarDate(to) && from <= to;
  const href = (format: AccountingExportFormat) => routeUrl('GET /api/accounting/invoices.csv', {}, { from, to, format });

  return (
    <Card title="Export invoices" size="small" className="invoice-export">
      <Space wrap align="end">
        <label>
          <Typography.Text>From</Typography.Text>
          <Input type="date" aria-label="From" value={from} max={to} onChange={(event) => setFrom(event.target.value)} />
        </label>
        <label>
          <Typography.Text>To</Typography.Text>
          <Input type="date" aria-label="To" value={to} min={from} onChange={(event) => setTo(event.target.value)} />
        </label>
        <Button icon={<DownloadOutlined />} href={href('xero')} disabled={!valid} download>
          Xero CSV
        </Button>
        <Button icon={<DownloadOutlined />} href={href('plain')} disabled={!valid} download>
          Plain CSV
        </Button>
      </Space>
    </Card>
  );
}
