import type { LiveStats } from '@towing/contracts';

/** Shown from 768 px up (see .live-status in the shell styles); phones keep the screen for the SOS button. */
export function LiveStatusCard({ stats }: { stats: LiveStats | null }) {
  return (
    <section className="live-status" aria-label="Live Status">
      <div className="live-status-head">
        <span className="live-dot" aria-hidden />
        <strong>Live Status</strong>
      </div>
      {stats ? (
        <dl className="live-status-figures">
          <div>
            <dt>Available drivers</dt>
            <dd data-testid="live-drivers">{stats.availableDrivers}</dd>
          </div>
          <div>
            <dt>Avg response</dt>
            <dd data-testid="live-response">{stats.averageResponseMinutes} min</dd>
          </div>
          <div>
            <dt>Active jobs</dt>
            <dd data-testid="live-active">{stats.activeJobs}</dd>
          </div>
        </dl>
      ) : (
        <p className="live-status-waiting">Connecting…</p>
      )}
    </section>
  );
}
