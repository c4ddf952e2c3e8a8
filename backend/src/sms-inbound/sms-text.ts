import { type Coordinates, SMS_OPT_IN_WORDS, SMS_OPT_OUT_WORDS } from '@towing/contracts';

/**
 * Reading an inbound text: an owner's command, an opt-out, a call for help and the position in
 * it. Texts come from phones and from satellite messengers (Garmin inReach, ZOLEO, an iPhone
 * texting over satellite): they carry a position as a maps link or as numbers in a form of
 * their own, and are often cut short or shouted.
 */

export type OwnerCommand = { kind: 'ack'; jobRef: string | null } | { kind: 'eta'; minutes: number };

/** An ETA an owner can text: from a minute to a day. */
export const ETA_MINUTES_MAX = 24 * 60;

const ACK = /^(?:1|OK|ACK)(?:\s+#?([A-Z0-9-]{1,32}))?[.!]?$/i;
const ETA = /^ETA\s*:?\s*(\d{1,4})\s*(?:m|min|mins|minutes)?[.!]?$/i;

function squeezed(text: string): string {
  return text.trim().replace(/\s+/g, ' ');
}

/** `1`, `OK`, `ACK` (the newest SOS), `ACK SOS-1234` (that job), `ETA 40` (minutes); anything else is null. */
export function ownerCommand(text: string): OwnerCommand | null {
  const words = squeezed(text);
  const ack = ACK.exec(words);
  if (ack) return { kind: 'ack', jobRef: ack[1]?.toUpperCase() ?? null };
  const eta = ETA.exec(words);
  if (eta) {
    const minutes = Number(eta[1]);
    if (minutes >= 1 && minutes <= ETA_MINUTES_MAX) return { kind: 'eta', minutes };
  }
  return null;
}

/** Twilio's opt-out and opt-in keywords count only as the whole message, as Twilio's own handling does. */
export function optWord(text: string): 'opt-out' | 'opt-in' | null {
  const word = squeezed(text).replace(/[.!]+$/, '').toUpperCase();
  if ((SMS_OPT_OUT_WORDS as readonly string[]).includes(word)) return 'opt-out';
  if ((SMS_OPT_IN_WORDS as readonly string[]).includes(word)) return 'opt-in';
  return null;
}

const NUMBER = String.raw`[-+]?\d{1,3}(?:\.\d+)?`;
/** A position written with hemisphere letters: `20.73612S 116.84630E`, `S 20.73612, E 116.84630`. */
const HEMISPHERES = new RegExp(String.raw`\b([NS])\s*(\d{1,2}\.\d{3,})°?\s*,?\s*([EW])\s*(\d{1,3}\.\d{3,})°?|(\d{1,2}\.\d{3,})°?\s*([NS])\s*,?\s*(\d{1,3}\.\d{3,})°?\s*([EW])\b`, 'i');
/** `Lat -20.73612 Lon 116.84630` (Garmin inReach), `Lat: -20.73612, Long: 116.84630` (ZOLEO and others). */
const LABELLED = new RegExp(String.raw`\blat(?:itude)?\s*[:=]?\s*(${NUMBER})°?\s*,?\s*(?:lon|lng|long|longitude)\s*[:=]?\s*(${NUMBER})`, 'i');
/** A bare decimal pair: `-20.73612, 116.84630` or `-20.73612 116.84630` (three decimals at least, so a phone number is never one). */
const DECIMAL_PAIR = /(?<![\d.])(-?\d{1,2}\.\d{3,})\s*[,;\s]\s*(-?\d{1,3}\.\d{3,})(?![\d.])/;
/** The parameters of a Google or Apple maps link that hold a position. */
const LINK_PARAMETERS = ['q', 'query', 'll', 'sll', 'daddr', 'coordinate', 'destination', 'center'];
const MAPS_LINK = /\bhttps?:\/\/(?:(?:www\.|maps\.)?google\.[a-z.]+\/maps\S*|maps\.google\.[a-z.]+\S*|maps\.apple\.com\S*|maps\.app\.goo\.gl\S*|goo\.gl\/maps\S*|share\.garmin\.com\S*|inreachlink\.com\S*|explore\.garmin\.com\S*|zoleo\.com\S*|maps\.apple\/\S*)/i;

function position(lat: number, lng: number): Coordinates | null {
  if (!Number.isFinite(lat) || !Number.isFinite(lng) || Math.abs(lat) > 90 || Math.abs(lng) > 180) return null;
  // 0,0 is what a messenger without a fix sends: it says nothing of where anyone is.
  if (lat === 0 && lng === 0) return null;
  return { lat, lng };
}

function fromLink(link: string): Coordinates | null {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return null;
  }
  for (const name of LINK_PARAMETERS) {
    const value = url.searchParams.get(name);
    const pair = value ? DECIMAL_PAIR.exec(value) : null;
    if (pair) return position(Number(pair[1]), Number(pair[2]));
  }
  // Google's path forms: /maps/@-20.73,116.84,15z and /maps/place/-20.73,116.84 and /maps/search/-20.73,+116.84.
  const path = decodeURIComponent(url.pathname).replace(/\+/g, ' ');
  const at = /@(-?\d{1,2}\.\d+),(-?\d{1,3}\.\d+)/.exec(path) ?? DECIMAL_PAIR.exec(path);
  return at ? position(Number(at[1]), Number(at[2])) : null;
}

/** The position a text gives, from a maps link, a labelled pair, hemisphere letters or a bare decimal pair; null when none. */
export function positionIn(text: string): Coordinates | null {
  const link = MAPS_LINK.exec(text)?.[0];
  const linked = link ? fromLink(link) : null;
  if (linked) return linked;
  const labelled = LABELLED.exec(text);
  if (labelled) return position(Number(labelled[1]), Number(labelled[2]));
  const lettered = HEMISPHERES.exec(text);
  if (lettered) {
    const [northSouth, lat, eastWest, lng] = lettered[1] ? [lettered[1], lettered[2], lettered[3], lettered[4]] : [lettered[6], lettered[5], lettered[8], lettered[7]];
    const sign = (letter: string | undefined, negative: string) => (letter?.toUpperCase() === negative ? -1 : 1);
    return position(sign(northSouth, 'S') * Number(lat), sign(eastWest, 'W') * Number(lng));
  }
  const pair = DECIMAL_PAIR.exec(text);
  return pair ? position(Number(pair[1]), Number(pair[2])) : null;
}

/** A text asks for help when it says SOS or HELP, or gives a maps link or a position. */
export function asksForHelp(text: string): boolean {
  return /\b(?:SOS|HELP)\b/i.test(text) || MAPS_LINK.test(text) || positionIn(text) !== null;
}
