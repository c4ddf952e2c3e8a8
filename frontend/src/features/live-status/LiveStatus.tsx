import { LiveStatusCard } from './LiveStatusCard';
import { useLiveStats } from './useLiveStats';

/** The Live Status card, kept current by socket pushes. */
export function LiveStatus() {
  return <LiveStatusCard stats={useLiveStats()} />;
}
