import { Spin } from 'antd';
import { lazy, Suspense } from 'react';

/** The fleet screen and its chart library load when the tab is first opened, not with the board. */
const FleetPanel = lazy(() => import('./components/FleetPanel'));

export function FleetTab() {
  return (
    <Suspense fallback={<Spin style={{ display: 'block', margin: '32px auto' }} />}>
      <FleetPanel />
    </Suspense>
  );
}
