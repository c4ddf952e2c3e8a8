import { etaText, fixAgeText, isStaleFix, type PublicJob } from '@towing/contracts';
import { Alert, Spin, Typography } from 'antd';
import { lazy, Suspense } from 'react';
import { useNow } from '../../../shared/hooks/useNow';
import { useTruckPosition } from '../hooks/useTruckPosition';
import '../truck-map.css';

const TruckMap = lazy(() => import('./TruckMap'));

/**
 * The truck while the job is on its way: where it is, how far in a straight line, about how long
 * (contracts TRUCK_ETA), and how old the fix is; a fix older than 3 minutes is said to be old
 * rather than shown as where the truck is.
 */
export function TruckOnTheWay({ job, watchKey }: { job: Pick<PublicJob, 'id'>; watchKey: string }) {
  const position = useTruckPosition(job.id, watchKey);
  const now = useNow(1000);
  if (!position) {
    return (
      <Typography.Paragraph type="secondary" data-testid="truck-position">
        Waiting for the truck&apos;s position…
      </Typography.Paragraph>
    );
  }
  const stale = isStaleFix(position.fixedAt, now);
  return (
    <div className="truck-on-the-way" data-testid="truck-position">
      {stale ? (
        <Alert
          type="warning"
          showIcon
          title={`The truck's position was ${fixAgeText(position.fixedAt, now)}: it may be out of mobile range, and it has moved since.`}
        />
      ) : (
        <Typography.Paragraph>
          {position.distanceKm !== null && (
            <>
              <strong>{position.distanceKm.toFixed(1)} km</strong> away in a straight line, arriving in <strong>{etaText(position.distanceKm)}</strong>
              {' · '}
            </>
          )}
          <span>{fixAgeText(position.fixedAt, now)}</span>
        </Typography.Paragraph>
      )}
      <Suspense fallback={<Spin className="truck-map" />}>
        <TruckMap position={position} />
      </Suspense>
    </div>
  );
}
