import { type Job, type MileageRecord, TRUCK_DRIVERS, type Vehicle, formatKm } from '@towing/contracts';
import { Form, InputNumber, Modal, Select, Typography } from 'antd';
import { api } from '../../../shared/api/client';
import { errorText } from '../../../shared/forms/serverErrors';
import { useOdometerJump } from '../hooks/useOdometerJump';
import { useRecordSave } from '../hooks/useRecordSave';

interface Values {
  vehicleId: number;
  endOdometer: number;
}

/**
 * Offered when a job is completed: the odometer of the truck that did it, saved as a mileage
 * record for the job (its distance from the truck's last reading). Skipping saves nothing.
 */
export function OdometerPrompt({ job, vehicles, suggested, onClose }: { job: Job; vehicles: Vehicle[]; suggested: Vehicle[]; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const jump = useOdometerJump();
  const initial = suggested.length === 1 ? suggested[0] : undefined;
  const vehicleId = Form.useWatch('vehicleId', form) ?? initial?.id;
  const truck = vehicles.find((vehicle) => vehicle.id === vehicleId);

  const { save: send, busy } = useRecordSave<MileageRecord>(
    form,
    {
      saved: (saved) => ({ title: 'Odometer recorded', description: `${formatKm(saved.endOdometer)} after ${job.id} (${formatKm(saved.distance)})` }),
      failed: (error) => ({ title: 'Failed to record the odometer', description: errorText(error) }),
    },
    onClose,
  );

  async function save(values: Values) {
    const driver = TRUCK_DRIVERS.includes(job.assignedTo) ? job.assignedTo : null;
    await send(() =>
      jump.send((confirmOdometerJump) =>
        api.call('POST /api/mileage-records', {
          body: { vehicleId: values.vehicleId, endOdometer: values.endOdometer, jobId: job.id, purpose: job.service, endLocation: job.location, driver, confirmOdometerJump },
        }),
      ),
    );
  }

  return (
    <Modal open title={`Odometer after ${job.id}`} okText="Save odometer" cancelText="Skip" confirmLoading={busy} onOk={() => form.submit()} onCancel={onClose}>
      <Typography.Paragraph type="secondary">Record the truck's odometer now the job is done; it keeps the service estimate true.</Typography.Paragraph>
      {jump.warning}
      <Form<Values>
        form={form}
        layout="vertical"
        onFinish={save}
        onValuesChange={(changed) => 'endOdometer' in changed && jump.reset()}
        initialValues={{ vehicleId: initial?.id, endOdometer: initial?.health.odometerKm }}
      >
        <Form.Item label="Truck" name="vehicleId" rules={[{ required: true, message: 'Vehicle is required' }]}>
          <Select
            aria-label="Truck"
            options={vehicles.map((vehicle) => ({ value: vehicle.id, label: `${vehicle.name} (${vehicle.registration})` }))}
            onChange={(id: number) => form.setFieldValue('endOdometer', vehicles.find((vehicle) => vehicle.id === id)?.health.odometerKm)}
          />
        </Form.Item>
        <Form.Item
          label={truck ? `Odometer (km), last ${formatKm(truck.health.odometerKm)}` : 'Odometer (km)'}
          name="endOdometer"
          rules={[{ required: true, type: 'number', min: 0, message: 'Odometer cannot be negative' }]}
        >
          <InputNumber aria-label="Odometer (km)" precision={0} style={{ width: '100%' }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
