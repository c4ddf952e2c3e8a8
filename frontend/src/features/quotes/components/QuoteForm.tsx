import { DeleteOutlined } from '@ant-design/icons';
import {
  BOOKING_SERVICES,
  formatMoney,
  LOCATION_MULTIPLIERS,
  parseMoneyInput,
  priceQuote,
  type Quote,
  QUOTE_CATALOGUE,
  QUOTE_ITEM_CATEGORIES,
  QUOTE_MESSAGES,
  quoteLabel,
  type QuoteItemCategory,
  PHONE_MAX_LENGTH,
} from '@towing/contracts';
import { AutoComplete, Button, Card, Col, Form, Input, InputNumber, Row, Select, Space, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { api } from '../../../shared/api/client';
import { applyServerErrors, errorText } from '../../../shared/forms/serverErrors';
import { useNotification } from '../../../shared/ui/notification';
import { BLANK_FORM, type DraftItem, depositOf, discountOf, fromCatalogue, itemKey, quantityOf, type QuoteFormValues, saveBlocker, saveRefusal, toQuoteInput } from '../quote-form';
import { quoteChanged } from '../quotes-data';
import { PriceBreakdown } from './PriceBreakdown';

export interface FormStart {
  /** Set when editing (PUT); absent for a new or duplicated quote (POST). */
  quote?: Quote;
  values: QuoteFormValues;
  items: DraftItem[];
}

const TOWN_OPTIONS = LOCATION_MULTIPLIERS.map((entry) => ({ value: entry.town }));
const CATEGORY_LABELS: Record<QuoteItemCategory, string> = { service: 'Services', parts: 'Parts', misc: 'Miscellaneous' };
const CATALOGUE_OPTIONS = QUOTE_ITEM_CATEGORIES.map((category) => ({
  label: CATEGORY_LABELS[category],
  options: QUOTE_CATALOGUE.filter((item) => item.category === category).map((item) => ({ value: item.id, label: `${item.description} (${formatMoney(item.unitPrice)})` })),
}));

interface CustomItem {
  description: string;
  price: string;
  quantity: number | null;
  category: QuoteItemCategory;
}
const BLANK_CUSTOM: CustomItem = { description: '', price: '', quantity: 1, category: 'service' };

/** The quote form: catalogue and custom items, the live total from contracts' calculation, create or edit. */
export function QuoteForm({ start, onDone }: { start: FormStart | null; onDone: () => void }) {
  const notification = useNotification();
  const [form] = Form.useForm<QuoteFormValues>();
  // Mounted afresh (a new key) for each start and after each save, so state is seeded here only.
  const [items, setItems] = useState<DraftItem[]>(() => start?.items ?? []);
  const [custom, setCustom] = useState<CustomItem>(BLANK_CUSTOM);
  const [busy, setBusy] = useState(false);
  const editing = start?.quote;

  const watched = Form.useWatch([], form) as QuoteFormValues | undefined;
  const values = watched ?? BLANK_FORM;
  const price = useMemo(
    () =>
      priceQuote({
        items,
        fromLocation: values.fromLocation,
        toLocation: values.toLocation,
        discountPercent: discountOf(values.discountPercent),
        depositAmount: depositOf(values.deposit),
      }),
    [items, values.fromLocation, values.toLocation, values.discountPercent, values.deposit],
  );
  const blocker = saveBlocker(values, items);

  function addCatalogueItem(id: string) {
    const item = QUOTE_CATALOGUE.find((entry) => entry.id === id);
    if (item) setItems((current) => [...current, fromCatalogue(item)]);
  }

  function addCustomItem() {
    const unitPrice = parseMoneyInput(custom.price);
    if (!custom.description.trim() || !unitPrice) {
      notification.error({ title: QUOTE_MESSAGES.itemDetails });
      return;
    }
    setItems((current) => [...current, { key: itemKey(), description: custom.description.trim(), unitPrice, quantity: quantityOf(custom.quantity), category: custom.category }]);
    setCustom(BLANK_CUSTOM);
  }

  function setQuantity(key: string, quantity: unknown) {
    setItems((current) => current.map((item) => (item.key === key ? { ...item, quantity: quantityOf(quantity) } : item)));
  }

  /** The blocked button still takes the click, so the spec's toast can say what is missing. */
  async function save(formValues: QuoteFormValues) {
    const refusal = saveRefusal(formValues, items);
    if (refusal) {
      notification.error({ title: refusal });
      return;
    }
    const body = toQuoteInput(formValues, items);
    setBusy(true);
    try {
      const saved = editing
        ? await api.call('PUT /api/quotes/:id', { params: { id: editing.id }, body })
        : await api.call('POST /api/quotes', { body });
      quoteChanged(saved);
      notification.success(editing ? { title: 'Quote updated successfully!' } : { title: 'Quote Created', description: 'Quote created successfully!' });
      onDone();
    } catch (error) {
      applyServerErrors(form, error);
      notification.error(
        editing ? { title: 'Failed to update quote', description: errorText(error) } : { title: `Failed to create quote: ${errorText(error) ?? 'Unknown error'}` },
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card
      title={editing ? `Edit Quote ${quoteLabel(editing.quoteNumber)}` : 'Create Quote'}
      extra={start && <Button onClick={onDone}>Cancel</Button>}
      style={{ marginBottom: 16 }}
    >
      <Form<QuoteFormValues> form={form} layout="vertical" onFinish={save} initialValues={start?.values ?? BLANK_FORM} aria-label="Quote form">
        <Row gutter={12}>
          <Col xs={24} md={8}>
            <Form.Item label="Customer name" name="customerName">
              <Input maxLength={100} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item label="Customer phone" name="customerPhone">
              <Input maxLength={PHONE_MAX_LENGTH} inputMode="tel" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item label="Customer email" name="customerEmail">
              <Input maxLength={100} type="email" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item label="Vehicle" name="vehicleType">
              <Input maxLength={100} placeholder="e.g. Toyota Hilux" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item label="Service" name="service">
              <AutoComplete options={BOOKING_SERVICES.map((service) => ({ value: service }))} maxLength={100} />
            </Form.Item>
          </Col>
          <Col xs={12} md={4}>
            <Form.Item label="Distance (km)" name="distance">
              <InputNumber min={0} max={10_000} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={12} md={4}>
            <Form.Item label="Valid days" name="validDays">
              <InputNumber min={1} max={365} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item label="From" name="fromLocation">
              <AutoComplete options={TOWN_OPTIONS} maxLength={500} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item label="To" name="toLocation">
              <AutoComplete options={TOWN_OPTIONS} maxLength={500} />
            </Form.Item>
          </Col>
          <Col xs={12} md={4}>
            <Form.Item label="Discount %" name="discountPercent">
              <InputNumber min={0} max={50} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={12} md={4}>
            <Form.Item label="Deposit ($)" name="deposit" tooltip="Blank: 30% of the total. 0: no deposit.">
              <Input placeholder="30%" inputMode="decimal" />
            </Form.Item>
          </Col>
        </Row>

        <Typography.Title level={5}>Items</Typography.Title>
        <Space wrap style={{ marginBottom: 8 }}>
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            placeholder="Add from catalogue"
            style={{ minWidth: 280 }}
            options={CATALOGUE_OPTIONS}
            value={null}
            onChange={(id: string) => addCatalogueItem(id)}
            aria-label="Add from catalogue"
          />
        </Space>
        <Space wrap style={{ marginBottom: 12 }} aria-label="Custom item">
          <Input placeholder="Custom item description" value={custom.description} onChange={(event) => setCustom({ ...custom, description: event.target.value })} style={{ width: 240 }} />
          <Input placeholder="Unit price ($)" value={custom.price} onChange={(event) => setCustom({ ...custom, price: event.target.value })} style={{ width: 130 }} inputMode="decimal" />
          <InputNumber placeholder="Qty" min={1} value={custom.quantity} onChange={(quantity) => setCustom({ ...custom, quantity })} style={{ width: 80 }} />
          <Select value={custom.category} onChange={(category) => setCustom({ ...custom, category })} options={QUOTE_ITEM_CATEGORIES.map((category) => ({ value: category, label: category }))} style={{ width: 110 }} />
          <Button onClick={addCustomItem}>Add Custom Item</Button>
        </Space>
        {items.length > 0 && (
          <table className="quote-items quote-form-items">
            <thead>
              <tr>
                <th>Description</th>
                <th>Category</th>
                <th className="num">Unit price</th>
                <th className="num">Qty</th>
                <th className="num">Total</th>
                <th aria-label="Remove" />
              </tr>
            </thead>
            <tbody>
              {items.map((item, index) => (
                <tr key={item.key}>
                  <td>{item.description}</td>
                  <td>{item.category}</td>
                  <td className="num">{formatMoney(item.unitPrice)}</td>
                  <td className="num">
                    <InputNumber size="small" min={1} value={item.quantity} onChange={(quantity) => setQuantity(item.key, quantity)} aria-label={`Quantity of ${item.description}`} style={{ width: 72 }} />
                  </td>
                  <td className="num">{formatMoney(price.itemTotals[index])}</td>
                  <td>
                    <Button size="small" type="text" icon={<DeleteOutlined />} aria-label={`Remove ${item.description}`} onClick={() => setItems((current) => current.filter((entry) => entry.key !== item.key))} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        <Row gutter={24}>
          <Col xs={24} md={12}>
            <Form.Item label="Notes" name="notes">
              <Input.TextArea autoSize={{ minRows: 3, maxRows: 8 }} maxLength={5000} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <PriceBreakdown price={price} />
          </Col>
        </Row>
        <Button type="primary" htmlType="submit" aria-disabled={blocker !== null} className={blocker ? 'quote-save-blocked' : undefined} loading={busy}>
          {blocker ?? (editing ? 'Update Quote' : 'Create Quote')}
        </Button>
      </Form>
    </Card>
  );
}
