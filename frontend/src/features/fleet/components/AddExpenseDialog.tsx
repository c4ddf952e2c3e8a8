import { type CreateFleetExpenseRequest, dollarsToCents, FLEET_EXPENSE_TYPES, textOrNull, todayInPerth, type Vehicle } from '@towing/contracts';
import { Form, Input, InputNumber, Modal, Select } from 'antd';
import { api } from '../../../shared/api/client';
import { errorText } from '../../../shared/forms/serverErrors';
import { useRecordSave } from '../hooks/useRecordSave';

interface Values {
  expenseType: string;
  description: string;
  amount: number;
  expenseDate: string;
  vendor?: string;
}

/** Any other running cost (registration, insurance, tyres…): it counts in the truck's cost per km. */
export function AddExpenseDialog({ vehicle, onClose }: { vehicle: Vehicle; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const { save: send, busy } = useRecordSave(
    form,
    { saved: 'Expense added successfully', failed: (error) => ({ title: 'Failed to add expense', description: errorText(error) }) },
    onClose,
  );

  async function save(values: Values) {
    const body: CreateFleetExpenseRequest = { ...values, vehicleId: vehicle.id, amount: dollarsToCents(values.amount), vendor: textOrNull(values.vendor) };
    await send(() => api.call('POST /api/fleet-expenses', { body }));
  }

  return (
    <Modal open title={`Add Expense: ${vehicle.name}`} okText="Save" confirmLoading={busy} onOk={() => form.submit()} onCancel={onClose}>
      <Form<Values> form={form} layout="vertical" onFinish={save} initialValues={{ expenseType: 'Registration', expenseDate: todayInPerth() }}>
        <div className="fleet-form-grid">
          <Form.Item label="Type" name="expenseType" rules={[{ required: true, message: 'Expense type is required' }]}>
            <Select options={FLEET_EXPENSE_TYPES.map((value) => ({ value, label: value }))} />
          </Form.Item>
          <Form.Item label="Amount ($)" name="amount" rules={[{ required: true, type: 'number', min: 0, message: 'Amount cannot be negative' }]}>
            <InputNumber precision={2} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item label="Date" name="expenseDate" rules={[{ required: true, message: 'Expense date is required' }]}>
            <Input type="date" />
          </Form.Item>
          <Form.Item label="Vendor (optional)" name="vendor">
            <Input maxLength={100} />
          </Form.Item>
        </div>
        <Form.Item label="Description" name="description" rules={[{ required: true, whitespace: true, message: 'Description is required' }]}>
          <Input maxLength={500} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
