import DownOutlined from '@ant-design/icons-svg/es/asn/DownOutlined';
import UpOutlined from '@ant-design/icons-svg/es/asn/UpOutlined';
import { isOpenSos, type Job } from '@towing/contracts';
import { Button, Empty, Spin } from 'antd';
import { lazy, Suspense, useMemo, useState } from 'react';
import { mapPins } from '../map/map-pins';
import { useJobs } from '../board-data';
import { useAdminStore } from '../state/admin.store';
import { JobStatusTag } from '../../../shared/ui/JobStatusTag';
import { HeldSosSources } from './HeldSosSources';
import { SosQueue } from './SosQueue';
import { SvgIcon } from '../../../shared/ui/SvgIcon';

const JobsMap = lazy(() => import('../map/JobsMap'));

const MAP_OPEN_KEY = 'board.mapOpen';

/** The dispatcher's own choice when made; else the map opens on a wide screen and waits to be asked for on a phone. */
function readMapOpen(): boolean {
  try {
    const chosen = localStorage.getItem(MAP_OPEN_KEY);
    if (chosen !== null) return chosen !== 'false';
  } catch {
    // Storage refused (private mode): fall back to the screen's width.
  }
  return window.matchMedia('(min-width: 768px)').matches;
}

/** The jobs without a position listed beside the map; the rest are in Job Management. */
export const WITHOUT_FIX_LISTED = 20;

/** Open jobs that have no GPS fix, so no pin: listed beside the map, or alone while it is hidden. */
function WithoutFix({ jobs, onOpen }: { jobs: Job[]; onOpen(jobId: string): void }) {
  return (
    <div className="dispatch-no-fix" aria-label="Open jobs without a position">
      <strong>Without a position ({jobs.length})</strong>
      {jobs.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Every open job is on the map" />
      ) : (
        <ul>
          {jobs.slice(0, WITHOUT_FIX_LISTED).map((job) => (
            <li key={job.id}>
              <Button type="link" size="small" onClick={() => onOpen(job.id)}>
                {job.id}
              </Button>
              <JobStatusTag status={job.status} /> {job.location}
            </li>
          ))}
          {jobs.length > WITHOUT_FIX_LISTED && <li className="board-muted">and {jobs.length - WITHOUT_FIX_LISTED} more in Job Management</li>}
        </ul>
      )}
    </div>
  );
}

/**
 * The board's first screen, above the tabs whichever is open: every open SOS until someone
 * acknowledges it, the oldest as a full card and the rest in rows under it, beside the map of open jobs (collapsible) and the open jobs
 * that have no position.
 */
export function DispatchOverview() {
  const jobs = useJobs();
  const [mapOpen, setMapOpen] = useState(readMapOpen);
  const openSos = useMemo(() => jobs.filter(isOpenSos).sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt)), [jobs]);
  const { pins, withoutFix } = useMemo(() => mapPins(jobs), [jobs]);
  const openJob = useAdminStore((state) => state.openJob);

  function toggleMap() {
    setMapOpen(!mapOpen);
    try {
      localStorage.setItem(MAP_OPEN_KEY, String(!mapOpen));
    } catch {
      // A browser that keeps nothing just opens the map every time.
    }
  }

  return (
    <section className="dispatch-overview" aria-label="Open SOS and map of jobs">
      <div className="dispatch-sos" aria-label="Open SOS">
        <h4 className="board-heading">
          Open SOS {openSos.length > 0 && <span className="dispatch-sos-count">{openSos.length}</span>}
        </h4>
        {openSos.length === 0 ? (
          <span className="board-muted">No SOS waiting for someone to acknowledge it.</span>
        ) : (
          <SosQueue openSos={openSos} />
        )}
        <HeldSosSources />
      </div>
      <div className="dispatch-map">
        <div className="admin-row" style={{ justifyContent: 'space-between' }}>
          <h4 className="board-heading">Map of open jobs</h4>
          <Button size="small" icon={mapOpen ? <SvgIcon icon={UpOutlined} /> : <SvgIcon icon={DownOutlined} />} aria-expanded={mapOpen} onClick={toggleMap}>
            {mapOpen ? 'Hide map' : 'Show map'}
          </Button>
        </div>
        {/* Listed whether or not the map is shown: hiding it (a phone's default) must not hide the jobs nobody can find on it. */}
        <div className={mapOpen ? 'dispatch-map-body' : 'dispatch-map-body dispatch-map-closed'}>
          {mapOpen && (
            <Suspense fallback={<Spin className="board-map board-map-loading" />}>
              <JobsMap pins={pins} onOpen={openJob} />
            </Suspense>
          )}
          <WithoutFix jobs={withoutFix} onOpen={openJob} />
        </div>
      </div>
    </section>
  );
}
