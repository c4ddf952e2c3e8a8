import { formatWholeNumber } from '@towing/contracts';

/** '0:42', '12:05', '1:02:09': how long, ticking every second on an open SOS. */
export function formatClock(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
}

/** 'just now', '4 min ago', '2 h 5 min ago', '3 days ago': the age of a GPS fix. */
export function formatAge(ms: number): string {
  const minutes = Math.floor(Math.max(0, ms) / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return minutes % 60 ? `${hours} h ${minutes % 60} min ago` : `${hours} h ago`;
  const days = Math.floor(hours / 24);
  return `${days} day${days === 1 ? '' : 's'} ago`;
}

/** 'within 12 m': how far off the phone said its fix may be. */
export function formatAccuracy(accuracyM: number | null): string {
  return accuracyM === null ? 'accuracy unknown' : `within ${formatWholeNumber(accuracyM)} m`;
}

/** '1 driver available', '3 drivers available'. */
export function driversAvailable(count: number): string {
  return `${count} driver${count === 1 ? '' : 's'} available`;
}
