import { Tag } from 'antd';
import { errorText } from '../../../shared/forms/serverErrors';
import { useVehicles } from '../fleet-data';
import { useDriverTrucks } from '../hooks/useDriverTrucks';
import { TruckStatus } from './TruckStatus';

/**
 * For the Available Drivers tile: every truck, each owner's and the spares, that is out of
 * service, overdue or within 500 km of its service; when the fleet cannot be read, says so
 * rather than showing nothing. Keeps the fleet live while the board is open, which is also what
 * the job list's truck checks read.
 */
export function DriverTruckFlags() {
  const fleet = useVehicles();
  const groups = useDriverTrucks(fleet.data);
  const error = fleet.isError ? (errorText(fleet.error) ?? 'The fleet could not be read') : null;
  return (
    <div style={{ display: 'flex', flexWrap: 'wrap', gap: 4, marginTop: 6 }} role="group" aria-label="Trucks needing attention">
      {error && (
        <Tag color="red" title={error} data-testid="truck-status-unavailable" style={{ marginInlineEnd: 0 }}>
          Truck status unavailable
        </Tag>
      )}
      {groups.map(({ driver, trucks }) => (
        <TruckStatus key={driver ?? 'spare'} driver={driver} trucks={trucks} />
      ))}
    </div>
  );
}
