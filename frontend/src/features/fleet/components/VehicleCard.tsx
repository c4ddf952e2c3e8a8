import { FLEET, VEHICLE_DISPLAY, VEHICLE_STATUSES, type Vehicle, type VehicleDisplayState, formatKm } from '@towing/contracts';
import { Button, Card, Popconfirm, Progress, Select, Tag, Typography } from 'antd';
import { memo, useState } from 'react';
import { api } from '../../../shared/api/client';
import { errorText } from '../../../shared/forms/serverErrors';
import { useNotification } from '../../../shared/ui/notification';
import { formatWhen } from '../fleet-format';
import { vehicleChanged, vehicleRemoved } from '../fleet-data';
import { VehicleDetails } from './VehicleDetails';

export type VehicleAction = 'mods' | 'service' | 'fuel' | 'expense';

const BAR_COLOURS: Record<VehicleDisplayState, string> = {
  out_of_service: '#b91c1c',
  maintenance: '#ea580c',
  overdue: '#b91c1c',
  due: '#ca8a04',
  active: '#15803d',
};

function serviceLine(vehicle: Vehicle): string {
  const { health } = vehicle;
  const left = health.kmRemaining > 0 ? `${formatKm(health.kmRemaining)} to go` : `${formatKm(-health.kmRemaining)} overdue`;
  const days = health.daysRemaining > 0 ? `${health.daysRemaining} days` : 'date passed';
  return `Service at ${formatKm(health.dueAtKm)} or by ${formatWhen(health.dueByDate)} (${days}) · ${left}`;
}

function forecastLine(vehicle: Vehicle): string {
  const { health } = vehicle;
  const pace = health.dailyKmFrom === 'assumed' ? `${health.dailyKm} km/day assumed until its readings span ${FLEET.forecastMinDays} days` : `${health.dailyKm} km/day average`;
  return `Expected due ${formatWhen(health.forecastDate)} by ${health.dueBy} (${pace})`;
}

/** One truck: its state, the service-progress bar, its actions and, on request, its details. */
export const VehicleCard = memo(function VehicleCard({ vehicle, onAction }: { vehicle: Vehicle; onAction: (action: VehicleAction, vehicle: Vehicle) => void }) {
  const notification = useNotification();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState<'status' | 'remove' | null>(null);
  const display = VEHICLE_DISPLAY[vehicle.displayState];

  async function setStatus(next: (typeof VEHICLE_STATUSES)[number]) {
    setBusy('status');
    try {
      vehicleChanged(await api.call('PUT /api/vehicles/:id', { params: { id: vehicle.id }, body: { status: next } }));
      notification.success({ title: 'Vehicle status updated', description: `${vehicle.name} is ${VEHICLE_DISPLAY[next].label}` });
    } catch (error) {
      notification.error({ title: 'Failed to update vehicle', description: errorText(error) });
    } finally {
      setBusy(null);
    }
  }

  async function remove() {
    setBusy('remove');
    try {
      await api.call('DELETE /api/vehicles/:id', { params: { id: vehicle.id } });
      vehicleRemoved(vehicle.id);
      notification.success({ title: 'Vehicle removed successfully' });
    } catch {
      notification.error({ title: 'Failed to remove vehicle' });
      setBusy(null);
    }
  }

  return (
    <Card className="fleet-card" size="small" data-testid={`vehicle-${vehicle.id}`} data-state={vehicle.displayState}>
      <div className="fleet-card-head">
        <span className="fleet-row">
          <Typography.Text strong style={{ fontSize: 18 }}>
            {vehicle.name}
          </Typography.Text>
          <Tag color={display.color}>{display.label}</Tag>
        </span>
        <Typography.Text code>{vehicle.registration}</Typography.Text>
      </div>
      <div className="fleet-muted">
        {vehicle.year} {vehicle.make} {vehicle.model} · {vehicle.type} · {vehicle.usualDriver ? `${vehicle.usualDriver}'s truck` : 'Spare'} · {formatKm(vehicle.health.odometerKm)}
      </div>
      <Progress
        percent={vehicle.health.usedPercent}
        strokeColor={BAR_COLOURS[vehicle.displayState]}
        aria-label={`Service interval used: ${vehicle.health.usedPercent}%`}
        data-testid={`service-bar-${vehicle.id}`}
      />
      <div>{serviceLine(vehicle)}</div>
      <div className="fleet-muted">{forecastLine(vehicle)}</div>
      <div className="fleet-actions">
        <Button onClick={() => setOpen(!open)} aria-expanded={open}>
          {open ? 'Hide Details' : 'View Details'}
        </Button>
        <Button onClick={() => onAction('mods', vehicle)}>Edit Mods</Button>
        <Button onClick={() => onAction('service', vehicle)}>Add Service</Button>
        <Button onClick={() => onAction('fuel', vehicle)}>Add Fuel</Button>
        <Button onClick={() => onAction('expense', vehicle)}>Add Expense</Button>
        <Select
          aria-label={`Status of ${vehicle.name}`}
          value={vehicle.status}
          loading={busy === 'status'}
          disabled={busy !== null}
          style={{ minWidth: 150 }}
          options={VEHICLE_STATUSES.map((value) => ({ value, label: VEHICLE_DISPLAY[value].label }))}
          onChange={setStatus}
        />
        <Popconfirm
          title={`Remove ${vehicle.name} from the fleet?`}
          description="Its service, fuel and cost records are kept."
          okText="Remove Vehicle"
          cancelText="Keep"
          onConfirm={remove}
        >
          <Button danger loading={busy === 'remove'} disabled={busy !== null}>
            Remove Vehicle
          </Button>
        </Popconfirm>
      </div>
      {open && <VehicleDetails vehicle={vehicle} />}
    </Card>
  );
});
