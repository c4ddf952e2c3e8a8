import { lazy, Suspense } from 'react';
import { useHeldSosSources } from '../hooks/useHeldSosSources';

const HeldSourceList = lazy(() => import('./HeldSourceList'));

/**
 * SOS held past their address's allowance, folded into one line per address below the open
 * SOS, so a flood never pushes a real caller off the board. Nothing is listed when none are held.
 */
export function HeldSosSources() {
  const { sources, reload } = useHeldSosSources();
  if (sources.length === 0) return null;
  return (
    <section className="held-sources" aria-label="Held SOS">
      <h4 className="board-heading">Held SOS, not texted</h4>
      <Suspense fallback={null}>
        <HeldSourceList sources={sources} onSettled={reload} />
      </Suspense>
    </section>
  );
}
