import type { Vehicle } from '@towing/contracts';
import { Form, Modal, Select } from 'antd';
import { useState } from 'react';
import { api } from '../../../shared/api/client';
import { errorText } from '../../../shared/forms/serverErrors';
import { useNotification } from '../../../shared/ui/notification';
import { vehicleChanged } from '../fleet-data';
import { FEATURE_OPTIONS, MODIFICATION_OPTIONS } from './AddVehicleDialog';

interface Values {
  modifications: string[];
  specialFeatures: string[];
}

const same = (a: string[], b: string[]) => a.length === b.length && a.every((item, index) => item === b[index]);

/** Edit Mods: the truck's modifications and special features, each saved as the spec's PUT sends it. */
export function EditModsDialog({ vehicle, onClose }: { vehicle: Vehicle; onClose: () => void }) {
  const notification = useNotification();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);

  async function save(values: Values) {
    setBusy(true);
    try {
      let saved = vehicle;
      if (!same(values.modifications, vehicle.modifications)) {
        saved = await api.call('PUT /api/vehicles/:id', { params: { id: vehicle.id }, body: { modifications: values.modifications } });
        notification.success({ title: 'Vehicle modifications updated' });
      }
      if (!same(values.specialFeatures, vehicle.specialFeatures)) {
        saved = await api.call('PUT /api/vehicles/:id', { params: { id: vehicle.id }, body: { specialFeatures: values.specialFeatures } });
        notification.success({ title: 'Vehicle features updated' });
      }
      vehicleChanged(saved);
      onClose();
    } catch (error) {
      notification.error({ title: 'Failed to update vehicle', description: errorText(error) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal open title={`Edit Mods: ${vehicle.name}`} okText="Save" confirmLoading={busy} onOk={() => form.submit()} onCancel={onClose} width={640}>
      <Form<Values> form={form} layout="vertical" onFinish={save} initialValues={{ modifications: vehicle.modifications, specialFeatures: vehicle.specialFeatures }}>
        <Form.Item label="Modifications" name="modifications">
          <Select mode="multiple" allowClear options={MODIFICATION_OPTIONS} />
        </Form.Item>
        <Form.Item label="Special features" name="specialFeatures">
          <Select mode="multiple" allowClear options={FEATURE_OPTIONS} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
