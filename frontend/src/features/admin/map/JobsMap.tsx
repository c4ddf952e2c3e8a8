import 'leaflet/dist/leaflet.css';
import { type GpsFix, type Job, SERVICE_AREA_BOUNDARY } from '@towing/contracts';
import { divIcon, type FitBoundsOptions } from 'leaflet';
import { memo, useEffect, useMemo, useRef } from 'react';
import { Circle, MapContainer, Marker, TileLayer, Tooltip, useMap } from 'react-leaflet';
import { MAP_ATTRIBUTION, MAP_TILE_URL } from '../../../shared/map/map-config';
import { type MapPin, pinSetKey, viewBounds } from './map-pins';
import { TruckMarkers } from './TruckMarkers';

const SOS_ICON = divIcon({ className: 'board-pin board-pin-sos', html: '<span></span>', iconSize: [22, 22], iconAnchor: [11, 11] });
const JOB_ICON = divIcon({ className: 'board-pin', html: '<span></span>', iconSize: [16, 16], iconAnchor: [8, 8] });

/** Room around the outermost pins so none sits on the map's edge. */
const FIT: FitBoundsOptions = { padding: [16, 16] };

interface JobsMapProps {
  pins: MapPin[];
  onOpen(jobId: string): void;
}

interface JobPinProps {
  job: Job;
  fix: GpsFix;
  sos: boolean;
  onOpen(jobId: string): void;
}

/** One pin; re-rendered only when its own job changes, so its click handler is not rebound on every push. */
const JobPin = memo(function JobPin({ job, fix, sos, onOpen }: JobPinProps) {
  const handlers = useMemo(() => ({ click: () => onOpen(job.id) }), [job.id, onOpen]);
  return (
    <Marker
      position={fix}
      icon={sos ? SOS_ICON : JOB_ICON}
      title={`${sos ? 'SOS ' : ''}${job.id}: ${job.customerName}`}
      alt={`${job.id} on the map`}
      // SOS pins stay on top of every other pin.
      zIndexOffset={sos ? 1000 : 0}
      eventHandlers={handlers}
    >
      <Tooltip direction="top" offset={[0, -10]}>
        {job.id} · {job.status}
      </Tooltip>
    </Marker>
  );
});

/**
 * Fits the view to the service area and the pins when a pin comes, goes or moves; between
 * those, the dispatcher's own pan and zoom stand.
 */
function FitToPins({ pins }: { pins: MapPin[] }) {
  const map = useMap();
  const key = pinSetKey(pins);
  // The map opened on these pins already (MapContainer's bounds).
  const fitted = useRef(key);
  useEffect(() => {
    if (fitted.current === key) return;
    fitted.current = key;
    map.fitBounds(viewBounds(pins), FIT);
  }, [map, key, pins]);
  return null;
}

/** Leaflet and its tiles, in a chunk of their own: loaded only when the board shows the map. */
export default memo(function JobsMap({ pins, onOpen }: JobsMapProps) {
  return (
    <MapContainer className="board-map" bounds={viewBounds(pins)} boundsOptions={FIT} scrollWheelZoom={false}>
      <TileLayer url={MAP_TILE_URL} attribution={MAP_ATTRIBUTION} />
      <Circle
        center={SERVICE_AREA_BOUNDARY.center}
        radius={SERVICE_AREA_BOUNDARY.radiusKm * 1000}
        pathOptions={{ color: '#1d4ed8', weight: 1.5, fillOpacity: 0.05, dashArray: '6 6' }}
        interactive={false}
      />
      {pins.map(({ job, fix, sos }) => (
        <JobPin key={job.id} job={job} fix={fix} sos={sos} onOpen={onOpen} />
      ))}
      <TruckMarkers />
      <FitToPins pins={pins} />
    </MapContainer>
  );
});
