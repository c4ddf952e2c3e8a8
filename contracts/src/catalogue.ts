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
export type TestimonialService = (typeof TESTIMONIAL_SERVICES)[number];

export const FLEET_SIZES = ['1-5', '6-15', '16-30', '31-50', '50+'] as const;
export type FleetSize = (typeof FLEET_SIZES)[number];

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
export type FleetService = (typeof FLEET_SERVICES)[number];

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

/** The six points of the Home coverage map (spec section 9). Position is percent across/down the map. */
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

/** Pricing Guide figures in whole dollars, GST included. */
export const PRICES = {
  recoveryBasic: 380,
  recoveryComplex: 650,
  recoveryExtreme: 950,
  diagnostic: 180,
  mobileRepairsPerHour: 195,
  engineServicePerHour: 250,
  transmissionPerHour: 280,
  afterHoursPercent: 75,
  afterHoursWindow: '10PM - 6AM',
  mineSiteEntry: '$150-300',
  standardTowFrom: 165,
} as const;
