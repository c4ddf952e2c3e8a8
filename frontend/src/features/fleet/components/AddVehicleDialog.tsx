import {
  type CreateVehicleRequest,
  FLEET,
  FUEL_TYPES,
  textOrNull,
  TRUCK_DRIVERS,
  VEHICLE_DEFAULT_CONDITION,
  VEHICLE_MODIFICATION_GROUPS,
  VEHICLE_SPECIAL_FEATURES,
  VEHICLE_TYPES,
  yearInPerth,
} from '@towing/contracts';
import { Form, Input, InputNumber, Modal, Select } from 'antd';
import { useState } from 'react';
import { api } from '../../../shared/api/client';
import { applyServerErrors, errorText, serverErrors } from '../../../shared/forms/serverErrors';
import { useNotification } from '../../../shared/ui/notification';
import { vehicleChanged } from '../fleet-data';

interface Values {
  name: string;
  registration: string;
  make: string;
  model: string;
  year: number;
  type: string;
  usualDriver?: string;
  mileage: number;
  serviceInterval: number;
  serviceIntervalMonths: number;
  lastServiceDate?: string;
  lastServiceMileage?: number;
  fuelType: string;
  vin?: string;
  modifications: string[];
  specialFeatures: string[];
}

const required = (message: string) => [{ required: true, whitespace: true, message }];

export const MODIFICATION_OPTIONS = VEHICLE_MODIFICATION_GROUPS.map((group) => ({ label: group.label, options: group.options.map((value) => ({ value, label: value })) }));
export const FEATURE_OPTIONS = VEHICLE_SPECIAL_FEATURES.map((value) => ({ value, label: value }));

/** The Add Vehicle dialog (docs/rules.md, "Fleet"). */
export function AddVehicleDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const notification = useNotification();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);

  async function save(values: Values) {
    const body: CreateVehicleRequest = {
      ...values,
      usualDriver: values.usualDriver ?? null,
      lastServiceDate: values.lastServiceDate || null,
      lastServiceMileage: values.lastServiceMileage ?? null,
      vin: textOrNull(values.vin),
      status: VEHICLE_DEFAULT_CONDITION,
      isActive: true,
    };
    setBusy(true);
    try {
      const vehicle = await api.call('POST /api/vehicles', { body });
      vehicleChanged(vehicle);
      notification.success({ title: `Vehicle "${vehicle.name}" added successfully to the business fleet` });
      form.resetFields();
      onClose();
    } catch (error) {
      applyServerErrors(form, error);
      const duplicate = serverErrors(error).fields.registration;
      notification.error({ title: 'Failed to add vehicle to fleet', description: duplicate ?? errorText(error) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal open={open} title="Add Vehicle" okText="Add Vehicle" confirmLoading={busy} onOk={() => form.submit()} onCancel={onClose} forceRender width={640}>
      <Form<Values>
        form={form}
        layout="vertical"
        onFinish={save}
        initialValues={{
          year: Number(yearInPerth()),
          mileage: 0,
          serviceInterval: FLEET.defaultServiceIntervalKm,
          serviceIntervalMonths: FLEET.defaultServiceIntervalMonths,
          fuelType: FLEET.defaultFuelType,
          modifications: [],
          specialFeatures: [],
        }}
      >
        <div className="fleet-form-grid">
          <Form.Item label="Vehicle name" name="name" rules={required('Vehicle name is required')}>
            <Input maxLength={100} placeholder="Recovery 1" />
          </Form.Item>
          <Form.Item label="Registration" name="registration" rules={required('Registration is required')}>
            <Input maxLength={20} placeholder="1HDX 452" />
          </Form.Item>
          <Form.Item label="Make" name="make" rules={required('Make is required')}>
            <Input maxLength={50} />
          </Form.Item>
          <Form.Item label="Model" name="model" rules={required('Model is required')}>
            <Input maxLength={50} />
          </Form.Item>
          <Form.Item label="Year" name="year" rules={[{ type: 'number', min: 1900, max: 2030, message: 'Year must be between 1900 and 2030' }]}>
            <InputNumber precision={0} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item label="Vehicle type" name="type" rules={[{ required: true, message: 'Vehicle type is required' }]}>
            <Select options={VEHICLE_TYPES.map((value) => ({ value, label: value }))} />
          </Form.Item>
          <Form.Item label="Usual driver" name="usualDriver">
            <Select allowClear placeholder="Spare truck" options={TRUCK_DRIVERS.map((value) => ({ value, label: value }))} />
          </Form.Item>
          <Form.Item label="Fuel type" name="fuelType">
            <Select options={FUEL_TYPES.map((value) => ({ value, label: value }))} />
          </Form.Item>
          <Form.Item label="Odometer now (km)" name="mileage" rules={[{ type: 'number', min: 0, message: 'Mileage cannot be negative' }]}>
            <InputNumber precision={0} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item label="VIN (optional)" name="vin">
            <Input maxLength={30} />
          </Form.Item>
          <Form.Item label="Service every (km)" name="serviceInterval" rules={[{ type: 'number', min: 1, message: 'Service interval must be at least 1 km' }]}>
            <InputNumber precision={0} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item label="or every (months)" name="serviceIntervalMonths" rules={[{ type: 'number', min: 1, message: 'Service interval must be at least 1 month' }]}>
            <InputNumber precision={0} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item label="Last service date (optional)" name="lastServiceDate">
            <Input type="date" />
          </Form.Item>
          <Form.Item label="Odometer at last service (km)" name="lastServiceMileage">
            <InputNumber precision={0} min={0} style={{ width: '100%' }} />
          </Form.Item>
        </div>
        <Form.Item label="Modifications" name="modifications">
          <Select mode="multiple" allowClear options={MODIFICATION_OPTIONS} placeholder="Winch, snorkel, lift kit…" />
        </Form.Item>
        <Form.Item label="Special features" name="specialFeatures">
          <Select mode="multiple" allowClear options={FEATURE_OPTIONS} placeholder="Emergency Response Ready…" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
