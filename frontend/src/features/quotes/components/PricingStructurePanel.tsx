import { formatMoney, formatMultiplier, LOCATION_MULTIPLIERS, QUOTE_CATALOGUE, SERVICE_RATES } from '@towing/contracts';
import { Collapse, Table } from 'antd';

/** The rates, multipliers and catalogue the quote calculation uses (docs/rules.md, "Quotes and prices"). */
export function PricingStructurePanel() {
  return (
    <Collapse
      style={{ marginBottom: 16 }}
      items={[
        {
          key: 'pricing',
          label: 'Pricing Structure',
          children: (
            <div className="admin-row" style={{ alignItems: 'flex-start', gap: 24, flexWrap: 'wrap' }}>
              <Table
                size="small"
                pagination={false}
                title={() => 'Service rates'}
                rowKey={(rate) => `${rate.group}-${rate.name}`}
                dataSource={[...SERVICE_RATES]}
                columns={[
                  { title: 'Service', render: (_, rate) => `${rate.group}: ${rate.name}` },
                  { title: 'Base', align: 'right', render: (_, rate) => formatMoney(rate.base) },
                  { title: 'Per km', align: 'right', render: (_, rate) => (rate.perKm ? formatMoney(rate.perKm) : '-') },
                  { title: 'Minimum', align: 'right', render: (_, rate) => formatMoney(rate.minimum) },
                ]}
              />
              <Table
                size="small"
                pagination={false}
                title={() => 'Location multipliers (the larger of from and to applies)'}
                rowKey="town"
                dataSource={[...LOCATION_MULTIPLIERS]}
                columns={[
                  { title: 'Town', dataIndex: 'town' },
                  { title: 'Multiplier', align: 'right', render: (_, entry) => `×${formatMultiplier(entry.hundredths)}` },
                ]}
              />
              <Table
                size="small"
                pagination={false}
                title={() => 'Catalogue'}
                rowKey="id"
                dataSource={[...QUOTE_CATALOGUE]}
                columns={[
                  { title: 'Item', dataIndex: 'description' },
                  { title: 'Category', dataIndex: 'category' },
                  { title: 'Price', align: 'right', render: (_, item) => formatMoney(item.unitPrice) },
                ]}
              />
            </div>
          ),
        },
      ]}
    />
  );
}
