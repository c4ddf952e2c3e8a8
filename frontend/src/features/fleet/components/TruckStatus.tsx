import { type DispatchFlag, dispatchFlag, type Vehicle, formatKm } from '@towing/contracts';
import { Tag } from 'antd';
import { formatWhen } from '../fleet-format';

const FLAG_TEXT: Record<DispatchFlag, { label: string; color: string }> = {
  out_of_service: { label: 'out of service', color: 'red' },
  maintenance: { label: 'in maintenance', color: 'orange' },
  overdue: { label: 'service overdue', color: 'red' },
  due_soon: { label: 'service due soon', color: 'gold' },
};

function dueText(vehicle: Vehicle): string {
  const { health } = vehicle;
  const km = health.kmRemaining > 0 ? `${formatKm(health.kmRemaining)} to go` : `${formatKm(-health.kmRemaining)} past due`;
  return `${vehicle.registration}: ${km}, service by ${formatWhen(health.dueByDate)}`;
}

/** One flag per truck of `driver` (null: the spares) that dispatch should know about before sending it out. */
export function TruckStatus({ driver, trucks }: { driver: string | null; trucks: Vehicle[] }) {
  const flagged = trucks.flatMap((vehicle) => {
    const flag = dispatchFlag(vehicle);
    return flag ? [{ vehicle, flag }] : [];
  });
  return (
    <>
      {flagged.map(({ vehicle, flag }) => (
        <Tag key={vehicle.id} title={dueText(vehicle)} color={FLAG_TEXT[flag].color} data-testid={`truck-flag-${vehicle.id}`} data-flag={flag} style={{ marginInlineEnd: 0 }}>
          {driver === null ? 'Spare' : `${driver}'s`} {vehicle.name}: {FLAG_TEXT[flag].label}
        </Tag>
      ))}
    </>
  );
}
