import { type CreateFuelRecordRequest, dollarsToCents, FILL_TYPES, FLEET, FUEL_TYPES, givenText, isoToPerthLocal, perthLocalToIso, textOrNull, type Vehicle } from '@towing/contracts';
import { Form, Input, InputNumber, Modal, Select } from 'antd';
import { api } from '../../../shared/api/client';
import { toThousandths } from '../fleet-format';
import { useOdometerJump } from '../hooks/useOdometerJump';
import { useRecordSave } from '../hooks/useRecordSave';

interface Values {
  dateTime: string;
  location: string;
  fuelType: string;
  liters: number;
  totalCost: number;
  odometerReading: number;
  fillType: string;
  driver?: string;
  notes?: string;
}

/** Add Fuel (docs/rules.md, "Forms"): litres sent in thousandths, money in cents. */
export function AddFuelDialog({ vehicle, onClose }: { vehicle: Vehicle; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const jump = useOdometerJump();
  const { save: send, busy } = useRecordSave(
    form,
    { saved: 'Fuel record added successfully', failed: () => ({ title: 'Failed to add fuel record', description: 'Please check all fields are filled correctly' }) },
    onClose,
  );

  async function save(values: Values) {
    const totalCost = dollarsToCents(values.totalCost);
    const body: CreateFuelRecordRequest = {
      vehicleId: vehicle.id,
      dateTime: perthLocalToIso(values.dateTime),
      location: values.location,
      fuelType: values.fuelType,
      liters: toThousandths(values.liters),
      totalCost,
      odometerReading: values.odometerReading,
      fillType: values.fillType === 'Partial' ? 'Partial' : 'Full',
      driver: givenText(values.driver) ?? FLEET.defaultFuelDriver,
      notes: textOrNull(values.notes),
    };
    await send(() => jump.send((confirmOdometerJump) => api.call('POST /api/fuel-records', { body: { ...body, confirmOdometerJump } })));
  }

  return (
    <Modal open title={`Add Fuel: ${vehicle.name}`} okText="Save" confirmLoading={busy} onOk={() => form.submit()} onCancel={onClose} width={600}>
      {jump.warning}
      <Form<Values>
        form={form}
        layout="vertical"
        onFinish={save}
        onValuesChange={(changed) => 'odometerReading' in changed && jump.reset()}
        initialValues={{
          dateTime: isoToPerthLocal(new Date()),
          fuelType: vehicle.fuelType,
          fillType: FLEET.defaultFillType,
          driver: vehicle.usualDriver ?? FLEET.defaultFuelDriver,
          odometerReading: vehicle.health.odometerKm,
        }}
      >
        <div className="fleet-form-grid">
          <Form.Item label="Date and time (Perth)" name="dateTime" rules={[{ required: true, message: 'Date and time is required' }]}>
            <Input type="datetime-local" />
          </Form.Item>
          <Form.Item label="Location" name="location" rules={[{ required: true, whitespace: true, message: 'Location is required' }]}>
            <Input maxLength={500} placeholder="Karratha BP" />
          </Form.Item>
          <Form.Item label="Fuel type" name="fuelType" rules={[{ required: true, message: 'Fuel type is required' }]}>
            <Select options={FUEL_TYPES.map((value) => ({ value, label: value }))} />
          </Form.Item>
          <Form.Item label="Fill" name="fillType">
            <Select options={FILL_TYPES.map((value) => ({ value, label: value === 'Full' ? 'Full tank' : 'Partial' }))} />
          </Form.Item>
          <Form.Item label="Litres" name="liters" rules={[{ required: true, type: 'number', min: 0.1, message: 'Liters must be at least 0.1' }]}>
            <InputNumber precision={2} step={10} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item label="Cost ($)" name="totalCost" rules={[{ required: true, type: 'number', min: 0, message: 'Cost cannot be negative' }]}>
            <InputNumber precision={2} step={10} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item label="Odometer (km)" name="odometerReading" rules={[{ required: true, type: 'number', min: 0, message: 'Kilometers cannot be negative' }]}>
            <InputNumber precision={0} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item label="Driver" name="driver">
            <Input maxLength={100} />
          </Form.Item>
        </div>
        <Form.Item label="Notes (optional)" name="notes">
          <Input.TextArea autoSize={{ minRows: 1, maxRows: 4 }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
