import { type CreateServiceRecordRequest, dollarsToCents, SERVICE_TYPES, textOrNull, todayInPerth, type Vehicle } from '@towing/contracts';
import { Form, Input, InputNumber, Modal, Select } from 'antd';
import { api } from '../../../shared/api/client';
import { serverErrors } from '../../../shared/forms/serverErrors';
import { useOdometerJump } from '../hooks/useOdometerJump';
import { useRecordSave } from '../hooks/useRecordSave';

interface Values {
  serviceType: string;
  description: string;
  servicedBy: string;
  mileageAtService: number;
  totalCost: number;
  invoiceNumber?: string;
  invoiceDate: string;
  nextServiceDue?: string;
  notes?: string;
}

const required = (message: string) => [{ required: true, whitespace: true, message }];

/** Add Service (docs/rules.md, "Forms"): money typed in dollars, sent in cents. */
export function AddServiceDialog({ vehicle, onClose }: { vehicle: Vehicle; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const jump = useOdometerJump();
  const { save: send, busy } = useRecordSave(
    form,
    {
      saved: 'Service record added successfully',
      failed: (error) => {
        console.error('Failed to add service record', error);
        return { title: 'Failed to add service record', description: serverErrors(error).message ?? 'Please check the console for details' };
      },
    },
    onClose,
  );

  async function save(values: Values) {
    const totalCost = dollarsToCents(values.totalCost);
    const body: CreateServiceRecordRequest = {
      vehicleId: vehicle.id,
      serviceType: values.serviceType,
      description: values.description,
      mileageAtService: values.mileageAtService,
      totalCost,
      servicedBy: values.servicedBy,
      invoiceNumber: textOrNull(values.invoiceNumber),
      invoiceDate: values.invoiceDate,
      nextServiceDue: values.nextServiceDue || null,
      notes: textOrNull(values.notes),
      laborCost: totalCost,
      partsCost: 0,
      isPaid: false,
    };
    await send(() => jump.send((confirmOdometerJump) => api.call('POST /api/service-records', { body: { ...body, confirmOdometerJump } })));
  }

  return (
    <Modal open title={`Add Service: ${vehicle.name}`} okText="Save" confirmLoading={busy} onOk={() => form.submit()} onCancel={onClose} width={600}>
      {jump.warning}
      <Form<Values>
        form={form}
        layout="vertical"
        onFinish={save}
        onValuesChange={(changed) => 'mileageAtService' in changed && jump.reset()}
        initialValues={{ serviceType: 'Routine Service', mileageAtService: vehicle.health.odometerKm, invoiceDate: todayInPerth() }}
      >
        <div className="fleet-form-grid">
          <Form.Item label="Service type" name="serviceType" rules={[{ required: true, message: 'Service type is required' }]}>
            <Select options={SERVICE_TYPES.map((value) => ({ value, label: value }))} />
          </Form.Item>
          <Form.Item label="Serviced by" name="servicedBy" rules={required('Serviced by is required')}>
            <Input maxLength={100} placeholder="Pilbara Diesel, Karratha" />
          </Form.Item>
          <Form.Item label="Odometer at service (km)" name="mileageAtService" rules={[{ required: true, type: 'number', min: 0, message: 'Mileage at service cannot be negative' }]}>
            <InputNumber precision={0} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item label="Total cost ($)" name="totalCost" rules={[{ required: true, type: 'number', min: 0, message: 'Total cost cannot be negative' }]}>
            <InputNumber precision={2} step={10} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item label="Invoice date" name="invoiceDate" rules={required('Invoice date is required')}>
            <Input type="date" />
          </Form.Item>
          <Form.Item label="Invoice number (optional)" name="invoiceNumber">
            <Input maxLength={50} />
          </Form.Item>
          <Form.Item label="Next service due (optional)" name="nextServiceDue">
            <Input type="date" />
          </Form.Item>
        </div>
        <Form.Item label="Description" name="description" rules={required('Description is required')}>
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} />
        </Form.Item>
        <Form.Item label="Notes (optional)" name="notes">
          <Input.TextArea autoSize={{ minRows: 1, maxRows: 4 }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
