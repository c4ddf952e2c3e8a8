import 'leaflet/dist/leaflet.css';
import type { TruckPosition } from '@towing/contracts';
import { divIcon } from 'leaflet';
import { useEffect } from 'react';
import { MapContainer, Marker, TileLayer, useMap } from 'react-leaflet';
import { MAP_ATTRIBUTION, MAP_TILE_URL } from '../../../shared/map/map-config';

const TRUCK_ICON = divIcon({ className: 'truck-pin', html: '<span aria-hidden="true">🚚</span>', iconSize: [30, 30], iconAnchor: [15, 15] });
const ZOOM = 12;

/** Follows the truck as its position comes in. */
function Follow({ position }: { position: TruckPosition }) {
  const map = useMap();
  useEffect(() => {
    map.panTo([position.lat, position.lng]);
  }, [map, position.lat, position.lng]);
  return null;
}

/** The truck on a small map: Leaflet and its tiles load only when a truck is on its way. */
export default function TruckMap({ position }: { position: TruckPosition }) {
  return (
    <MapContainer className="truck-map" center={[position.lat, position.lng]} zoom={ZOOM} scrollWheelZoom={false}>
      <TileLayer url={MAP_TILE_URL} attribution={MAP_ATTRIBUTION} />
      <Marker position={[position.lat, position.lng]} icon={TRUCK_ICON} title="The truck" alt="The truck on the map" />
      <Follow position={position} />
    </MapContainer>
  );
}
