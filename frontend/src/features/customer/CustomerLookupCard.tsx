import { Alert, Button, Card, Input, Space, Typography } from 'antd';
import { useState } from 'react';

interface Props {
  title: string;
  description: string;
  buttonLabel: string;
  onLookup(query: string): Promise<boolean>;
}

/** One box for a phone number or job id; an empty query does nothing (spec, public section 5). */
export function CustomerLookupCard({ title, description, buttonLabel, onLookup }: Props) {
  const [query, setQuery] = useState('');
  const [busy, setBusy] = useState(false);
  const [notFound, setNotFound] = useState(false);

  async function submit() {
    const text = query.trim();
    if (!text || busy) return;
    setBusy(true);
    setNotFound(!(await onLookup(text)));
    setBusy(false);
  }

  return (
    <Card className="customer-lookup">
      <Typography.Title level={2}>{title}</Typography.Title>
      <Typography.Paragraph>{description}</Typography.Paragraph>
      <Space.Compact style={{ width: '100%' }}>
        <Input
          aria-label="Phone number or job ID"
          placeholder="Phone number or job ID"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          onPressEnter={() => void submit()}
          inputMode="text"
          autoComplete="tel"
        />
        <Button type="primary" loading={busy} onClick={() => void submit()}>
          {buttonLabel}
        </Button>
      </Space.Compact>
      {notFound && (
        <Alert
          style={{ marginTop: 16 }}
          type="info"
          showIcon
          title="No jobs found"
          description="Use the phone number you gave us when booking, or the job ID from our text message."
        />
      )}
    </Card>
  );
}
