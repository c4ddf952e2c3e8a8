import { formatMoney } from '@towing/contracts';
import { Card, Col, Row, Statistic } from 'antd';
import { useMemo } from 'react';
import { useQuotes } from '../quotes-data';

const NONE: never[] = [];

/** Total Quotes, Accepted, Pending (sent) and Total Value (sum of final prices). */
export function QuoteStats() {
  const quotes = useQuotes().data ?? NONE;
  const stats = useMemo(
    () => ({
      total: quotes.length,
      accepted: quotes.filter((quote) => quote.status === 'accepted').length,
      pending: quotes.filter((quote) => quote.status === 'sent').length,
      value: quotes.reduce((sum, quote) => sum + quote.finalPrice, 0),
    }),
    [quotes],
  );
  const cards = [
    ['Total Quotes', stats.total],
    ['Accepted', stats.accepted],
    ['Pending', stats.pending],
    ['Total Value', formatMoney(stats.value)],
  ] as const;
  return (
    <Row gutter={[12, 12]} className="quotes-stats">
      {cards.map(([title, value]) => (
        <Col key={title} xs={12} md={6}>
          <Card size="small">
            <Statistic title={title} value={value} />
          </Card>
        </Col>
      ))}
    </Row>
  );
}
