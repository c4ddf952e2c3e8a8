import EnvironmentFilled from '@ant-design/icons-svg/es/asn/EnvironmentFilled';
import { COVERAGE_STATS, SERVICE_AREAS, type ServiceArea } from '@towing/contracts';
import { useState } from 'react';
import { SvgIcon } from '../../../shared/ui/SvgIcon';
import { Link } from 'react-router-dom';

/** Six clickable points; choosing one shows its distance, response and pricing, choosing it again clears. */
export function CoverageMap() {
  const [selected, setSelected] = useState<ServiceArea | null>(null);
  return (
    <section className="coverage-map" aria-labelledby="coverage-map-heading">
      <h2 id="coverage-map-heading">Our Coverage Area</h2>
      <p className="coverage-stats">
        {COVERAGE_STATS.areas} areas · {COVERAGE_STATS.averageResponseMinutes} min average response · {COVERAGE_STATS.maxRangeKm} km maximum range
      </p>
      <div className="coverage-map-layout">
        <div className="coverage-map-canvas" role="group" aria-label="Coverage map">
          <svg viewBox="0 0 100 100" preserveAspectRatio="none" aria-hidden className="coverage-map-land">
            <path d="M0 0 H100 V18 Q80 26 62 20 Q45 14 30 30 Q18 38 0 34Z" fill="#7dd3fc" />
          </svg>
          {SERVICE_AREAS.map((area) => (
            <button
              key={area.name}
              type="button"
              className={`coverage-point${area.isMain ? ' coverage-point-main' : ''}${selected?.name === area.name ? ' coverage-point-selected' : ''}`}
              style={{ left: `${area.position.x}%`, top: `${area.position.y}%` }}
              aria-pressed={selected?.name === area.name}
              onClick={() => setSelected((current) => (current?.name === area.name ? null : area))}
            >
              <SvgIcon icon={EnvironmentFilled} />
              <span>{area.name}</span>
            </button>
          ))}
        </div>
        <div className="coverage-detail" aria-live="polite">
          {selected ? (
            <>
              <h3>{selected.name}</h3>
              <dl>
                <div>
                  <dt>Distance from base</dt>
                  <dd>{selected.distance}</dd>
                </div>
                <div>
                  <dt>Response time</dt>
                  <dd>{selected.responseTime}</dd>
                </div>
                <div>
                  <dt>Pricing</dt>
                  <dd>{selected.surcharge}</dd>
                </div>
              </dl>
              <Link to="/booking" className="cta-button">
                Book Service
              </Link>
            </>
          ) : (
            <p>Click a location on the map to see distance, response time and pricing.</p>
          )}
        </div>
      </div>
    </section>
  );
}
