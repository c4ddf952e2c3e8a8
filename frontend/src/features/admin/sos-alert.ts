import type { Job } from '@towing/contracts';

let audio: AudioContext | undefined;

/**
 * Browsers only let a page make sound after a user gesture; the board calls this on every
 * click so the beep works when an SOS arrives later.
 */
export async function armSound(): Promise<void> {
  audio ??= typeof AudioContext === 'undefined' ? undefined : new AudioContext();
  await audio?.resume().catch(() => undefined);
}

/** Sound plus the browser's notification permission, asked only when the dispatcher clicks for it. */
export async function armSosAlerts(): Promise<NotificationPermission | 'unsupported'> {
  await armSound();
  if (typeof Notification === 'undefined') return 'unsupported';
  if (Notification.permission === 'default') return Notification.requestPermission();
  return Notification.permission;
}

/** Two short high beeps, made with the Web Audio API so there is no sound file to load. */
export function beep(): void {
  if (!audio || audio.state !== 'running') return;
  for (const start of [0, 0.25]) {
    const oscillator = audio.createOscillator();
    const gain = audio.createGain();
    oscillator.type = 'square';
    oscillator.frequency.value = 880;
    gain.gain.value = 0.15;
    oscillator.connect(gain).connect(audio.destination);
    oscillator.start(audio.currentTime + start);
    oscillator.stop(audio.currentTime + start + 0.15);
  }
}

/** A new SOS: always a sound; a system notification too when the dispatcher is looking at another tab. */
export function raiseSosAlert(job: Job): void {
  beep();
  if (typeof document === 'undefined' || !document.hidden) return;
  if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
  const notification = new Notification(`SOS ${job.id}: ${job.customerName}`, {
    body: `${job.phone} - ${job.location}`,
    tag: job.id,
    requireInteraction: true,
  });
  notification.onclick = () => {
    window.focus();
    notification.close();
  };
}
