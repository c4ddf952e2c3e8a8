import { FLEET, formatMoney, type Vehicle, formatKm } from '@towing/contracts';
import { Empty, Tag, Typography } from 'antd';
import { formatLitres, formatWhen } from '../fleet-format';
import { useVehicleRecords } from '../hooks/useVehicleRecords';
import { FleetCharts } from './FleetCharts';

function Labels({ title, items }: { title: string; items: string[] }) {
  return (
    <section>
      <Typography.Title level={5}>{title}</Typography.Title>
      {items.length === 0 ? <Typography.Text type="secondary">None recorded</Typography.Text> : items.map((item) => <Tag key={item}>{item}</Tag>)}
    </section>
  );
}

/** View Details: modifications, special features, the latest services and fills, costs and fuel charts. */
export function VehicleDetails({ vehicle }: { vehicle: Vehicle }) {
  const { records, failed } = useVehicleRecords(vehicle);
  return (
    <div className="fleet-details" data-testid={`vehicle-details-${vehicle.id}`}>
      <Labels title="Modifications" items={vehicle.modifications} />
      <Labels title="Special Features" items={vehicle.specialFeatures} />
      {failed && <Typography.Text type="danger">Could not load the records; they load again with the next change.</Typography.Text>}
      {records && (
        <>
          <section>
            <Typography.Title level={5}>Recent Services</Typography.Title>
            {records.services.length === 0 ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No services recorded" />
            ) : (
              <ul className="fleet-records">
                {records.services.slice(0, FLEET.recentCount).map((service) => (
                  <li key={service.id}>
                    <strong>{service.serviceType}</strong> · {formatWhen(service.invoiceDate)} · {formatKm(service.mileageAtService)} · {formatMoney(service.totalCost)}
                    <div className="fleet-muted">
                      {service.servicedBy}: {service.description}
                    </div>
                  </li>
                ))}
              </ul>
            )}
          </section>
          <section>
            <Typography.Title level={5}>Recent Fuel</Typography.Title>
            {records.fuel.length === 0 ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No fuel recorded" />
            ) : (
              <ul className="fleet-records">
                {records.fuel.slice(0, FLEET.recentCount).map((fill) => (
                  <li key={fill.id}>
                    <strong>{formatLitres(fill.liters)}</strong> {fill.fillType === 'Partial' ? '(partial)' : ''} · {formatMoney(fill.totalCost)} · {formatKm(fill.odometerReading)}
                    {fill.efficiency !== null && <> · {fill.efficiency.toFixed(1)} L/100 km</>}
                    <div className="fleet-muted">
                      {formatWhen(fill.dateTime)} · {fill.location}
                      {fill.driver ? ` · ${fill.driver}` : ''}
                    </div>
                  </li>
                ))}
              </ul>
            )}
          </section>
          <FleetCharts vehicle={vehicle} records={records} />
        </>
      )}
    </div>
  );
}
