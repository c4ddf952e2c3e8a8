/**
 * Static lists the public site shows and the API validates against, so the form and the
 * server can never disagree about what may be chosen.
 */

export const CONTACT_SERVICES = ['Emergency Towing', '4x4 Recovery', 'Automotive Repair', 'General Inquiry', 'Other'] as const;
export type ContactService = (typeof CONTACT_SERVICES)[number];

export const TESTIMONIAL_SERVICES = [
  '4x4 Recovery - Basic',
  '4x4 Recovery - Complex',
  '4x4 Recovery - Extreme',
  'Engine Repairs',
  'Transmission Service',
  'Mobile Mechanical Repairs',
  'Diagnostic Service',
  'General Maintenance',
] as const;

export const FLEET_SIZES = ['1-5', '6-15', '16-30', '31-50', '50+'] as const;

export const FLEET_SERVICES = [
  '24/7 Priority Recovery',
  'Scheduled Maintenance',
  'Pre-Purchase Inspections',
  'Fleet Diagnostics',
  'Emergency Repairs',
  'Regular Service Contracts',
  'Mining Site Coverage',
  'Remote Area Support',
] as const;

export const TESTIMONIAL_DEFAULTS = { rating: 5, location: 'Pilbara Region' } as const;

/** A Contact Us message as the form sends it. */
export interface ContactRequest {
  firstName: string;
  lastName: string;
  phone: string;
  email: string;
  serviceNeeded: string;
  message: string;
}

export interface TestimonialRequest {
  name: string;
  location?: string;
  rating?: number;
  message: string;
  service: string;
}

export interface Testimonial {
  id: number;
  name: string;
  location: string;
  rating: number;
  message: string;
  service: string;
  createdAt: string;
}

/** New testimonials wait for a staff member's approval before the public page shows them. */
export const TESTIMONIAL_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type TestimonialStatus = (typeof TESTIMONIAL_STATUSES)[number];

/** A testimonial as the admin review list shows it. */
export interface ReviewedTestimonial extends Testimonial {
  status: TestimonialStatus;
  /** The staff member who approved or rejected it, and when; null while pending. */
  reviewedBy: string | null;
  reviewedAt: string | null;
}

/** GET /api/testimonials/review: one status, pending when not given. */
export interface TestimonialReviewQuery {
  status?: TestimonialStatus;
}

/** PATCH /api/testimonials/:id: a staff member's decision. */
export interface ReviewTestimonialRequest {
  status: Exclude<TestimonialStatus, 'pending'>;
}

/** The fleet proposal form; services arrive comma-joined as the spec's form sends them. */
export interface FleetInquiryRequest {
  companyName: string;
  contactName: string;
  email: string;
  phone: string;
  fleetSize?: string;
  services: string;
  requirements?: string;
}

/** What a public form submission answers with: the stored row's id. */
export interface SubmissionResponse {
  id: number;
}

/** The six points of the Home coverage map (docs/rules.md, "Town surcharges"). Position is percent across/down the map. */
export interface ServiceArea {
  name: string;
  distance: string;
  responseTime: string;
  surcharge: string;
  position: { x: number; y: number };
  isMain: boolean;
}

export const SERVICE_AREAS: readonly ServiceArea[] = [
  { name: 'Karratha', distance: '0 km', responseTime: '20-30 min', surcharge: 'Standard rates', position: { x: 42, y: 52 }, isMain: true },
  { name: 'Dampier', distance: '20 km', responseTime: '30-40 min', surcharge: 'No surcharge', position: { x: 24, y: 42 }, isMain: false },
  { name: 'Wickham', distance: '15 km', responseTime: '25-35 min', surcharge: 'No surcharge', position: { x: 66, y: 34 }, isMain: false },
  { name: 'Roebourne', distance: '40 km', responseTime: '45-60 min', surcharge: '+$50', position: { x: 74, y: 50 }, isMain: false },
  { name: 'Point Samson', distance: '45 km', responseTime: '50-65 min', surcharge: '+$75', position: { x: 76, y: 22 }, isMain: false },
  { name: 'Mining Sites', distance: 'Varies', responseTime: '60-90 min', surcharge: 'Quote required', position: { x: 56, y: 80 }, isMain: false },
];

export const COVERAGE_STATS = { areas: 6, averageResponseMinutes: 30, maxRangeKm: 100 } as const;

/**
 * Where we go, as the dispatch map draws it: COVERAGE_STATS.maxRangeKm around the Karratha
 * base (WGS 84). Jobs outside it are still served, on a quote.
 */
export const SERVICE_AREA_BOUNDARY = {
  center: { lat: -20.7364, lng: 116.846 },
  radiusKm: COVERAGE_STATS.maxRangeKm,
} as const;

/** Pricing Guide figures in cents, GST included. */
export const PRICES = {
  recoveryBasic: 38_000,
  recoveryComplex: 65_000,
  recoveryExtreme: 95_000,
  diagnostic: 18_000,
  mobileRepairsPerHour: 19_500,
  engineServicePerHour: 25_000,
  transmissionPerHour: 28_000,
  afterHoursPercent: 75,
  afterHoursWindow: '10PM - 6AM',
  mineSiteEntry: '$150-300',
  standardTowFrom: 16_500,
} as const;

/** Quote location multipliers in hundredths (1.15 is 115), docs/rules.md, "Quotes and prices". */
export const LOCATION_MULTIPLIERS = [
  { town: 'Karratha', hundredths: 100 },
  { town: 'Roebourne', hundredths: 115 },
  { town: 'Wickham', hundredths: 110 },
  { town: 'Dampier', hundredths: 120 },
  { town: 'Tom Price', hundredths: 140 },
  { town: 'Newman', hundredths: 150 },
  { town: 'Marble Bar', hundredths: 160 },
  { town: 'Port Hedland', hundredths: 135 },
] as const;

/** How much more work in a town costs than in Karratha, in whole percent (Tom Price: 40), as the town pages say it. */
export function townSurchargePercent(town: (typeof LOCATION_MULTIPLIERS)[number]['town']): number {
  const { hundredths } = LOCATION_MULTIPLIERS.find((entry) => entry.town === town)!;
  return hundredths - 100;
}

/** Service rates of the Pricing Structure panel in cents (docs/rules.md, "Quotes and prices"). */
export const SERVICE_RATES = [
  { group: '4x4 Recovery', name: 'Basic', base: PRICES.recoveryBasic, perKm: 950, minimum: PRICES.recoveryBasic },
  { group: '4x4 Recovery', name: 'Complex', base: PRICES.recoveryComplex, perKm: 1200, minimum: PRICES.recoveryComplex },
  { group: '4x4 Recovery', name: 'Extreme', base: PRICES.recoveryExtreme, perKm: 1500, minimum: PRICES.recoveryExtreme },
  { group: 'Vehicle Repairs', name: 'Diagnostic', base: PRICES.diagnostic, perKm: 0, minimum: PRICES.diagnostic },
  { group: 'Vehicle Repairs', name: 'Mobile', base: PRICES.mobileRepairsPerHour, perKm: 0, minimum: PRICES.mobileRepairsPerHour },
  { group: 'Vehicle Repairs', name: 'Engine/Transmission', base: PRICES.transmissionPerHour, perKm: 0, minimum: PRICES.transmissionPerHour },
] as const;

export const QUOTE_ITEM_CATEGORIES = ['service', 'parts', 'misc'] as const;
export type QuoteItemCategory = (typeof QUOTE_ITEM_CATEGORIES)[number];

export interface CatalogueItem {
  id: string;
  description: string;
  /** Cents. */
  unitPrice: number;
  category: QuoteItemCategory;
}

/** The quote form's item catalogue (docs/rules.md, "Quotes and prices"), prices in cents. */
export const QUOTE_CATALOGUE: readonly CatalogueItem[] = [
  { id: 'recovery-basic', description: 'Recovery Basic', unitPrice: PRICES.recoveryBasic, category: 'service' },
  { id: 'recovery-complex', description: 'Recovery Complex', unitPrice: PRICES.recoveryComplex, category: 'service' },
  { id: 'recovery-extreme', description: 'Recovery Extreme', unitPrice: PRICES.recoveryExtreme, category: 'service' },
  { id: 'diagnostic', description: 'Diagnostic', unitPrice: PRICES.diagnostic, category: 'service' },
  { id: 'mobile-repairs-hour', description: 'Mobile Repairs (per hour)', unitPrice: PRICES.mobileRepairsPerHour, category: 'service' },
  { id: 'engine-service-hour', description: 'Engine Service (per hour)', unitPrice: PRICES.engineServicePerHour, category: 'service' },
  { id: 'transmission-hour', description: 'Transmission Work (per hour)', unitPrice: PRICES.transmissionPerHour, category: 'service' },
  { id: 'after-hours', description: 'After Hours Surcharge', unitPrice: 15000, category: 'service' },
  { id: 'winch-recovery', description: 'Winch Recovery', unitPrice: 18000, category: 'service' },
  { id: 'tow-strap', description: 'Tow Strap', unitPrice: 8500, category: 'parts' },
  { id: 'shackle-set', description: 'Shackle Set', unitPrice: 4500, category: 'parts' },
  { id: 'recovery-boards', description: 'Recovery Board Set', unitPrice: 22000, category: 'parts' },
  { id: 'jumper-cables', description: 'Jumper Cables', unitPrice: 6500, category: 'parts' },
  { id: 'tire-repair-kit', description: 'Tire Repair Kit', unitPrice: 5500, category: 'parts' },
  { id: 'emergency-fuel', description: 'Emergency Fuel', unitPrice: 3500, category: 'parts' },
  { id: 'coolant-top-up', description: 'Coolant Top-up', unitPrice: 2500, category: 'parts' },
  { id: 'oil-change', description: 'Oil Change', unitPrice: 18000, category: 'parts' },
  { id: 'call-out-fee', description: 'Call-out Fee', unitPrice: 15000, category: 'misc' },
  { id: 'mileage-km', description: 'Mileage (per km)', unitPrice: 850, category: 'misc' },
  { id: 'waiting-time-hour', description: 'Waiting Time (per hour)', unitPrice: 19500, category: 'misc' },
  { id: 'equipment-setup', description: 'Equipment Setup', unitPrice: 8500, category: 'misc' },
  { id: 'mine-site-access', description: 'Mine Site Access Fee', unitPrice: 25000, category: 'misc' },
  { id: 'documentation-fee', description: 'Documentation Fee', unitPrice: 3500, category: 'misc' },
];

/**
 * Which catalogue item a job's service is priced at when the worker drafts a quote for a
 * completed job. A service not listed is drafted at AUTO_QUOTE.fallbackPrice.
 */
const SERVICE_CATALOGUE_ITEM: Readonly<Record<string, string>> = {
  '4x4 recovery': 'recovery-basic',
  '4x4 recovery - basic': 'recovery-basic',
  '4x4 recovery - complex': 'recovery-complex',
  '4x4 recovery - extreme': 'recovery-extreme',
  'winch recovery': 'winch-recovery',
  'diagnostic service': 'diagnostic',
  'vehicle diagnostic service': 'diagnostic',
  'vehicle repairs': 'mobile-repairs-hour',
  'mobile mechanical repairs': 'mobile-repairs-hour',
  'engine service': 'engine-service-hour',
  'engine repairs': 'engine-service-hour',
  'transmission service': 'transmission-hour',
};

export function catalogueItemForService(service: string): CatalogueItem | null {
  const id = SERVICE_CATALOGUE_ITEM[service.trim().toLowerCase()];
  return QUOTE_CATALOGUE.find((item) => item.id === id) ?? null;
}
