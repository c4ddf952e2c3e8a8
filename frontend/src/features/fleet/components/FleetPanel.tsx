import { PlusOutlined } from '@ant-design/icons';
import type { Vehicle } from '@towing/contracts';
import { Alert, Button, Card, Empty, Typography } from 'antd';
import { useState } from 'react';
import { errorText } from '../../../shared/forms/serverErrors';
import { useVehicles } from '../fleet-data';
import { AddExpenseDialog } from './AddExpenseDialog';
import { AddFuelDialog } from './AddFuelDialog';
import { AddServiceDialog } from './AddServiceDialog';
import { AddVehicleDialog } from './AddVehicleDialog';
import { EditModsDialog } from './EditModsDialog';
import { VehicleCard, type VehicleAction } from './VehicleCard';
import '../fleet.css';

/** Fleet management (docs/rules.md, "Fleet"): every truck with its service state, costs and records. */
export default function FleetPanel() {
  const fleet = useVehicles();
  const vehicles = fleet.data ?? [];
  const loaded = fleet.data !== undefined;
  const error = fleet.isError ? (errorText(fleet.error) ?? 'The fleet could not be read') : null;
  const [adding, setAdding] = useState(false);
  const [action, setAction] = useState<{ kind: VehicleAction; vehicle: Vehicle } | null>(null);
  const close = () => setAction(null);

  return (
    <Card
      title="Fleet Management"
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
          Add Vehicle
        </Button>
      }
    >
      {error && <Alert type="error" showIcon style={{ marginBottom: 12 }} title="Could not load the fleet" description={error} />}
      {loaded && vehicles.length === 0 && <Empty description="No vehicles in the fleet yet" />}
      {!loaded && !error && <Typography.Paragraph aria-busy="true">Loading the fleet…</Typography.Paragraph>}
      <div className="fleet-list">
        {vehicles.map((vehicle) => (
          <VehicleCard key={vehicle.id} vehicle={vehicle} onAction={(kind, target) => setAction({ kind, vehicle: target })} />
        ))}
      </div>
      <AddVehicleDialog open={adding} onClose={() => setAdding(false)} />
      {action?.kind === 'mods' && <EditModsDialog vehicle={action.vehicle} onClose={close} />}
      {action?.kind === 'service' && <AddServiceDialog vehicle={action.vehicle} onClose={close} />}
      {action?.kind === 'fuel' && <AddFuelDialog vehicle={action.vehicle} onClose={close} />}
      {action?.kind === 'expense' && <AddExpenseDialog vehicle={action.vehicle} onClose={close} />}
    </Card>
  );
}
