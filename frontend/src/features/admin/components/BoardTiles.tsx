import MinusOutlined from '@ant-design/icons-svg/es/asn/MinusOutlined';
import PlusOutlined from '@ant-design/icons-svg/es/asn/PlusOutlined';
import { DRIVERS, isActiveJobStatus } from '@towing/contracts';
import { Button } from 'antd';
import { useMemo } from 'react';
import { useDriverStepper } from '../hooks/useDriverStepper';
import { useJobs, useJobsTotal, usePendingBookings } from '../board-data';
import { DriverTruckFlags } from '../../fleet';
import { SvgIcon } from '../../../shared/ui/SvgIcon';

function Tile({ label, value, danger, children }: { label: string; value: number; danger?: boolean; children?: React.ReactNode }) {
  return (
    // A bordered box is all a tile needs: antd's Card would bring its loading skeleton to the board's first download.
    <section className="admin-tile">
      <div>{label}</div>
      <div className="admin-row" style={{ justifyContent: 'space-between' }}>
        <span className="admin-tile-value" style={danger && value > 0 ? { color: '#b91c1c' } : undefined} aria-label={label}>
          {value}
        </span>
        {children}
      </div>
    </section>
  );
}

/** The five tiles; the driver count is the server's, shared by every browser. */
export function BoardTiles() {
  const jobs = useJobs();
  // Until the server's count is in, the jobs on the board are all it can say.
  const total = useJobsTotal().data?.total ?? jobs.length;
  const pending = usePendingBookings().data?.length ?? 0;
  const drivers = useDriverStepper();
  const counts = useMemo(
    () => ({
      active: jobs.filter((job) => isActiveJobStatus(job.status)).length,
      emergency: jobs.filter((job) => job.status === 'Emergency').length,
    }),
    [jobs],
  );

  return (
    <div className="admin-tiles">
      <Tile label="Active Jobs" value={counts.active} />
      <Tile label="Available Drivers" value={drivers.shown}>
        <span className="admin-row">
          <Button aria-label="Fewer drivers" icon={<SvgIcon icon={MinusOutlined} />} disabled={drivers.shown <= DRIVERS.min} onClick={() => drivers.step(-1)} />
          <Button aria-label="More drivers" icon={<SvgIcon icon={PlusOutlined} />} disabled={drivers.shown >= DRIVERS.max} onClick={() => drivers.step(1)} />
        </span>
        <DriverTruckFlags />
      </Tile>
      <Tile label="Total Jobs" value={total} />
      <Tile label="Pending Bookings" value={pending} />
      <Tile label="Emergency Jobs" value={counts.emergency} danger />
    </div>
  );
}
