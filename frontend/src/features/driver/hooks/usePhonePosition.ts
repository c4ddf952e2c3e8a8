import { useEffect, useState } from 'react';

export interface PhonePosition {
  lat: number;
  lng: number;
}

/**
 * Where the phone is, for the distance to each job; null until the phone says (or when the driver
 * refuses). Only read while /driver is open, never sent anywhere from here.
 */
export function usePhonePosition(): PhonePosition | null {
  const [position, setPosition] = useState<PhonePosition | null>(null);
  useEffect(() => {
    if (!('geolocation' in navigator)) return;
    const watch = navigator.geolocation.watchPosition(
      (fix) => setPosition({ lat: fix.coords.latitude, lng: fix.coords.longitude }),
      () => setPosition(null),
      { enableHighAccuracy: false, maximumAge: 60_000 },
    );
    return () => navigator.geolocation.clearWatch(watch);
  }, []);
  return position;
}
