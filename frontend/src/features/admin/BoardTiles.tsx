import { MinusOutlined, PlusOutlined } from '@ant-design/icons';
import { DRIVERS, isActiveJobStatus } from '@towing/contracts';
import { Button, Card } from 'antd';
import { useMemo, useState } from 'react';
import { api } from '../../api/client';
import { useAdminStore } from './admin.store';
import { useNotification } from '../../ui/notification';

function Tile({ label, value, danger, children }: { label: string; value: number; danger?: boolean; children?: React.ReactNode }) {
  return (
    <Card className="admin-tile" size="small">
      <div>{label}</div>
      <div className="admin-row" style={{ justifyContent: 'space-between' }}>
        <span className="admin-tile-value" style={danger && value > 0 ? { color: '#b91c1c' } : undefined} aria-label={label}>
          {value}
        </span>
        {children}
      </div>
    </Card>
  );
}

/** The five tiles; the driver count is the server's, shared by every browser. */
export function BoardTiles() {
  const notification = useNotification();
  const jobs = useAdminStore((state) => state.jobs);
  const pending = useAdminStore((state) => state.bookings.length);
  const drivers = useAdminStore((state) => state.availableDrivers);
  const [saving, setSaving] = useState(false);
  const counts = useMemo(
    () => ({
      active: jobs.filter((job) => isActiveJobStatus(job.status)).length,
      emergency: jobs.filter((job) => job.status === 'Emergency').length,
    }),
    [jobs],
  );

  async function setDrivers(available: number) {
    setSaving(true);
    try {
      const answer = await api.put<{ available: number }>('/api/dispatch/drivers', { available });
      useAdminStore.getState().setAvailableDrivers(answer.available);
      notification.success({ title: 'Driver Count Updated', description: `${answer.available} drivers available` });
    } catch {
      notification.error({ title: 'Failed to update driver count' });
    } finally {
      setSaving(false);
    }
  }

  return (
    <div className="admin-tiles">
      <Tile label="Active Jobs" value={counts.active} />
      <Tile label="Available Drivers" value={drivers}>
        <span className="admin-row">
          <Button
            aria-label="Fewer drivers"
            icon={<MinusOutlined />}
            disabled={saving || drivers <= DRIVERS.min}
            onClick={() => setDrivers(drivers - 1)}
          />
          <Button
            aria-label="More drivers"
            icon={<PlusOutlined />}
            disabled={saving || drivers >= DRIVERS.max}
            onClick={() => setDrivers(drivers + 1)}
          />
        </span>
      </Tile>
      <Tile label="Total Jobs" value={jobs.length} />
      <Tile label="Pending Bookings" value={pending} />
      <Tile label="Emergency Jobs" value={counts.emergency} danger />
    </div>
  );
}
