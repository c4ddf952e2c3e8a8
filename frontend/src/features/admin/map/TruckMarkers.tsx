import { type BoardTruck, isPositionSharingStatus, namedDriver } from '@towing/contracts';
import { divIcon } from 'leaflet';
import { Marker, Tooltip } from 'react-leaflet';
import { api } from '../../../shared/api/client';
import { socketToCache, useLiveQuery } from '../../../shared/realtime/live-query';
import './truck-markers.css';

const BOARD_TRUCKS = ['board-trucks'] as const;
const TRUCK_ICON = divIcon({ className: 'board-truck', html: '<span aria-hidden="true">🚚</span>', iconSize: [26, 26], iconAnchor: [13, 13] });

// A truck's new fix moves it; a job that is no longer on its way takes its truck off the map.
socketToCache('job:position', BOARD_TRUCKS, (trucks: BoardTruck[], position) =>
  'assignedTo' in position ? [...trucks.filter((truck) => truck.jobId !== position.jobId), position] : trucks,
);
socketToCache('job:updated', BOARD_TRUCKS, (trucks: BoardTruck[], job) =>
  isPositionSharingStatus(job.status) ? trucks : trucks.filter((truck) => truck.jobId !== job.id),
);

/** Each truck on its way or at a scene, where its driver's phone last put it. */
export function TruckMarkers() {
  const trucks = useLiveQuery<BoardTruck[]>({ queryKey: BOARD_TRUCKS, queryFn: ({ signal }) => api.call('GET /api/trucks', { signal }) }).data ?? [];
  return trucks.map((truck) => (
    <Marker key={truck.jobId} position={[truck.lat, truck.lng]} icon={TRUCK_ICON} title={`Truck on ${truck.jobId}`} alt={`Truck on ${truck.jobId}`} zIndexOffset={2000}>
      <Tooltip direction="top" offset={[0, -12]}>
        {namedDriver(truck.assignedTo) ?? 'Truck'} · {truck.jobId} · {truck.status}
      </Tooltip>
    </Marker>
  ));
}
