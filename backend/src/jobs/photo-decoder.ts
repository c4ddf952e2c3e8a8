import exifReader from 'exif-reader';

/** The formats we keep, each re-encoded in its own format (a PNG screenshot stays sharp-edged). */
const OUTPUT = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp' } as const;
type OutputFormat = keyof typeof OUTPUT;
/** A phone photo is about 12-50 megapixels; more is a decompression bomb. */
const MAX_INPUT_PIXELS = 100_000_000;

export interface DecodedPhoto {
  contentType: (typeof OUTPUT)[OutputFormat];
  /** The re-encoded image: upright, without EXIF, XMP or any other metadata. */
  data: Buffer;
  /** Where the original was taken, from its EXIF GPS, or null. */
  gps: { lat: number; lng: number } | null;
}

/** Degrees, minutes, seconds and a hemisphere letter as EXIF stores them, in signed degrees. */
function degrees(parts: unknown, ref: unknown): number | null {
  if (!Array.isArray(parts) || parts.length !== 3 || !parts.every((part) => typeof part === 'number' && Number.isFinite(part))) return null;
  const [d, m, s] = parts as [number, number, number];
  const value = d + m / 60 + s / 3600;
  return ref === 'S' || ref === 'W' ? -value : value;
}

function gpsOf(exif: Buffer | undefined): DecodedPhoto['gps'] {
  if (!exif) return null;
  try {
    const gps = exifReader(exif).GPSInfo;
    const lat = degrees(gps?.GPSLatitude, gps?.GPSLatitudeRef);
    const lng = degrees(gps?.GPSLongitude, gps?.GPSLongitudeRef);
    if (lat === null || lng === null || Math.abs(lat) > 90 || Math.abs(lng) > 180 || (lat === 0 && lng === 0)) return null;
    return { lat, lng };
  } catch {
    // Unreadable EXIF only means no position: the picture itself decoded.
    return null;
  }
}

/**
 * Decodes the upload as an image, the only proof it is one, and re-encodes it, so what is
 * stored and served is pixels we wrote: nothing a browser could take for HTML or script, and
 * no metadata. Returns null when it does not decode as a JPEG, PNG or WebP.
 */
export async function decodePhoto(upload: Buffer): Promise<DecodedPhoto | null> {
  // Loaded with the first photo: libvips is a large native library most API processes never need.
  const { default: sharp } = await import('sharp');
  try {
    const options = { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS } as const;
    const metadata = await sharp(upload, options).metadata();
    const format = metadata.format as string;
    if (!(format in OUTPUT)) return null;
    const data = await sharp(upload, options)
      .rotate()
      .toFormat(format as OutputFormat, format === 'png' ? {} : { quality: 85 })
      .toBuffer();
    return { contentType: OUTPUT[format as OutputFormat], data, gps: gpsOf(metadata.exif) };
  } catch {
    return null;
  }
}
