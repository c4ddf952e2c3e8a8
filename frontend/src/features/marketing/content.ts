import { BUSINESS, PRICES, formatMoney, percentOf, townSurchargePercent } from '@towing/contracts';

const dollars = (cents: number) => formatMoney(cents, { wholeDollars: true });
const TOM_PRICE_SURCHARGE = townSurchargePercent('Tom Price');
const DAMPIER_SURCHARGE = townSurchargePercent('Dampier');
/** A Karratha price with a town's surcharge, as the quote form would price it there. */
const multiplied = (cents: number, percent: number) => dollars(cents + percentOf(cents, percent));

export interface GalleryImage {
  src: string;
  alt: string;
  title: string;
  description: string;
  category: GalleryCategory;
}

export const GALLERY_CATEGORIES = ['Towing', '4x4 Recovery', 'Equipment'] as const;
export type GalleryCategory = (typeof GALLERY_CATEGORIES)[number];

/** Drawings shipped in public/gallery: no photo of ours is hot-linked from elsewhere. */
export const GALLERY: GalleryImage[] = [
  { src: '/gallery/tilt-tray-highway.svg', alt: 'Tilt tray truck carrying a sedan on the highway', title: 'Tilt Tray on the North West Coastal Highway', description: 'A broken-down sedan heading back to Karratha on our tilt tray.', category: 'Towing' },
  { src: '/gallery/night-tow.svg', alt: 'Tow truck with flashing lights at night', title: 'Midnight Breakdown', description: 'After-hours call-out on the Dampier Road, 2 AM.', category: 'Towing' },
  { src: '/gallery/ute-tow.svg', alt: 'Tow truck lifting a ute by its front wheels', title: 'Ute Wheel-Lift Tow', description: 'A dual-cab ute with a seized engine, towed to the workshop.', category: 'Towing' },
  { src: '/gallery/town-tow.svg', alt: 'Tow truck in front of town buildings', title: 'Local Tow in Karratha', description: 'Same-day tow from the shopping centre car park.', category: 'Towing' },
  { src: '/gallery/bogged-sand.svg', alt: 'Four-wheel drive bogged in red sand dunes', title: 'Bogged in the Dunes', description: 'Cruiser buried to the axles near Cleaverville; out in 40 minutes.', category: '4x4 Recovery' },
  { src: '/gallery/river-crossing.svg', alt: 'Four-wheel drive stuck in a river crossing', title: 'River Crossing Recovery', description: 'Stalled mid-crossing on the Fortescue after rain.', category: '4x4 Recovery' },
  { src: '/gallery/winch-recovery.svg', alt: 'Winch cable pulling a vehicle up a rocky slope', title: 'Winch Recovery on the Range', description: 'A controlled winch pull up a washed-out track in the Hamersley Range.', category: '4x4 Recovery' },
  { src: '/gallery/mine-site.svg', alt: 'Recovery truck beside a haul road at a mine site', title: 'Mine Site Call-Out', description: 'Light vehicle recovery on a haul road, site inducted crew.', category: '4x4 Recovery' },
  { src: '/gallery/rollover.svg', alt: 'Vehicle on its side being righted', title: 'Rollover Recovery', description: 'Righting a rolled 4WD on a gravel station track.', category: '4x4 Recovery' },
  { src: '/gallery/tow-truck.svg', alt: 'Heavy-duty tow truck side view', title: 'Heavy-Duty Tow Truck', description: 'Our heavy-duty truck rated for vehicles up to 8 tonnes.', category: 'Equipment' },
  { src: '/gallery/recovery-kit.svg', alt: 'Snatch straps, shackles and recovery boards', title: 'Recovery Kit', description: 'Rated shackles, snatch straps, tree protectors and recovery boards.', category: 'Equipment' },
  { src: '/gallery/diagnostics.svg', alt: 'Diagnostic laptop connected to an engine', title: 'Diagnostic Tools', description: 'Dealer-level scan tools for on-site fault finding.', category: 'Equipment' },
];

export interface FaqItem {
  question: string;
  answer: string;
}

export const FAQ: FaqItem[] = [
  { question: 'How fast can you reach me in Karratha?', answer: 'Emergency call-outs in the Karratha area are typically reached in 30-45 minutes, day or night. Outlying towns and mine sites take longer; the coverage map above shows each area.' },
  { question: 'Are you really available 24/7?', answer: 'Yes. Emergency recovery runs 24 hours a day, 7 days a week, including public holidays. After-hours work between 10PM and 6AM carries a 75% surcharge.' },
  { question: 'How much does a standard tow cost?', answer: `Standard towing starts at ${dollars(PRICES.standardTowFrom)}. 4x4 recovery starts at ${dollars(PRICES.recoveryBasic)} for a basic job. All prices include GST; see the Pricing Guide for the full list.` },
  { question: 'Can you recover vehicles from mine sites?', answer: `Yes. We are mining site certified and hold the inductions for most sites around Karratha. Mine site entry adds ${PRICES.mineSiteEntry} depending on the site's requirements.` },
  { question: 'What should I do while I wait for help?', answer: 'Stay with your vehicle, keep water and shade, switch on your hazard lights and keep your phone charged. If you are on a road, stand well away from traffic.' },
  { question: 'Do you repair vehicles on the spot?', answer: 'Often, yes. Our mobile mechanic diagnoses and fixes many faults roadside - batteries, alternators, hoses, belts and sensors - so you can drive away instead of being towed.' },
  { question: 'What if I have no phone signal?', answer: 'Use the STUCK NOW page as soon as you have any signal: it sends your GPS position to us. If you cannot send it, we still take calls on either of our two phones the moment you can call.' },
  { question: 'When do I pay?', answer: 'Payment is due on completion. We accept card payments, and quotes with a deposit can be paid online through the link we send you.' },
  { question: 'Do you tow to Perth or other long distances?', answer: 'Yes. Long-distance towing is quoted per job, with a distance charge per kilometre from Karratha. Contact us with the pick-up and drop-off points for a firm price.' },
  { question: 'Are you insured?', answer: 'Yes. We are a licensed towing operator, fully bonded and insured with $2M coverage, so your vehicle is protected while in our care.' },
];

export interface TownPage {
  slug: 'karratha' | 'tom-price' | 'dampier';
  town: string;
  heading: string;
  intro: string;
  highlights: Array<{ label: string; value: string }>;
  services: string[];
  rates: Array<{ service: string; price: string }>;
  extras: Array<{ label: string; value: string }>;
  areas: string[];
  notice: string;
}


const RECOVERY_SERVICES = ['4x4 and off-road recovery', 'Winch recovery', 'Towing and tilt tray', 'Mobile mechanical repairs', 'Diagnostics', 'Jump starts and tyre changes'];

export const TOWNS: Record<TownPage['slug'], TownPage> = {
  karratha: {
    slug: 'karratha',
    town: 'Karratha',
    heading: '4x4 Recovery & Mechanical Repairs in Karratha',
    intro: `${BUSINESS.name} is based in Karratha: our trucks leave from town, so locals get the fastest response we offer.`,
    highlights: [
      { label: 'Response time', value: '15-30 minutes' },
      { label: 'Service radius', value: '50 km' },
      { label: 'Dampier', value: 'about 15 km away' },
    ],
    services: RECOVERY_SERVICES,
    rates: [
      { service: 'Basic 4x4 recovery', price: dollars(PRICES.recoveryBasic) },
      { service: 'Complex 4x4 recovery', price: dollars(PRICES.recoveryComplex) },
      { service: 'Extreme 4x4 recovery', price: dollars(PRICES.recoveryExtreme) },
      { service: 'Diagnostic service', price: dollars(PRICES.diagnostic) },
      { service: 'Mobile repairs', price: `${dollars(PRICES.mobileRepairsPerHour)}/hr` },
    ],
    extras: [
      { label: 'Beyond 50 km', value: 'Extra distance charges apply' },
      { label: 'Special permits', value: 'Charged at cost' },
      { label: 'After hours (10PM-6AM)', value: `+${PRICES.afterHoursPercent}%` },
    ],
    areas: ['Bulgarra', 'Pegs Creek', 'Millars Well', 'Nickol', 'Baynton', 'Gap Ridge industrial area', 'Karratha Industrial Estate', 'Cleaverville'],
    notice: 'Same recovery and repair prices as our standard Pricing Guide; extra charges apply only beyond 50 km or for special permits.',
  },
  'tom-price': {
    slug: 'tom-price',
    town: 'Tom Price',
    heading: '4x4 Recovery & Repairs in Tom Price',
    intro: 'Tom Price and the Hamersley Range are a long way from anywhere. We make the run from Karratha for recoveries and repairs the locals cannot wait on.',
    highlights: [
      { label: 'Response time', value: '2-3 hours from base' },
      { label: 'Distance from Karratha', value: '280 km' },
      { label: 'Remote area multiplier', value: `+${TOM_PRICE_SURCHARGE}%` },
    ],
    services: RECOVERY_SERVICES,
    rates: [
      { service: 'Basic 4x4 recovery', price: `from ${multiplied(PRICES.recoveryBasic, TOM_PRICE_SURCHARGE)}` },
      { service: 'Complex 4x4 recovery', price: multiplied(PRICES.recoveryComplex, TOM_PRICE_SURCHARGE) },
      { service: 'Extreme 4x4 recovery', price: multiplied(PRICES.recoveryExtreme, TOM_PRICE_SURCHARGE) },
    ],
    extras: [
      { label: 'Distance charge from Karratha', value: '$12/km' },
      { label: 'Mine site access', value: PRICES.mineSiteEntry },
      { label: 'After hours (10PM-6AM)', value: `+${PRICES.afterHoursPercent}%` },
    ],
    areas: ['Tom Price town', 'Paraburdoo', 'Karijini National Park', 'Hamersley Range tracks', 'Mine sites around Tom Price'],
    notice: 'Remote call-outs are planned with you before we leave: call first so we can bring the right gear and parts.',
  },
  dampier: {
    slug: 'dampier',
    town: 'Dampier',
    heading: '4x4 Recovery & Repairs in Dampier',
    intro: 'From the port to the Burrup, we cover Dampier with the same crew and trucks that serve Karratha.',
    highlights: [
      { label: 'Response time', value: '20-35 minutes' },
      { label: 'Port multiplier', value: `+${DAMPIER_SURCHARGE}%` },
      { label: 'Industrial zone', value: '+20%' },
    ],
    services: RECOVERY_SERVICES,
    rates: [
      { service: 'Basic 4x4 recovery', price: `from ${multiplied(PRICES.recoveryBasic, DAMPIER_SURCHARGE)}` },
      { service: 'Complex 4x4 recovery', price: multiplied(PRICES.recoveryComplex, DAMPIER_SURCHARGE) },
      { service: 'Extreme 4x4 recovery', price: multiplied(PRICES.recoveryExtreme, DAMPIER_SURCHARGE) },
    ],
    extras: [
      { label: 'Port access fee', value: PRICES.mineSiteEntry },
      { label: 'Industrial zone', value: '+20%' },
      { label: 'After hours (10PM-6AM)', value: `+${PRICES.afterHoursPercent}%` },
    ],
    areas: ['Dampier town', 'Dampier port', 'Burrup Peninsula', 'King Bay industrial area', 'Hearson Cove', 'Dampier Archipelago boat ramps'],
    notice: 'Port and industrial sites need an escort or permit: tell us the gate when you call and we arrange access.',
  },
};

export interface CoverageArea {
  name: string;
  primary: boolean;
  responseTime: string;
  suburbs: string[];
  services: string[];
}

export const COVERAGE_AREAS: CoverageArea[] = [
  { name: 'Karratha WA', primary: true, responseTime: '15-30 minutes', suburbs: ['Bulgarra', 'Pegs Creek', 'Millars Well', 'Nickol', 'Baynton', 'Gap Ridge'], services: ['4x4 recovery', 'Towing', 'Mobile mechanical repairs', 'Diagnostics'] },
  { name: 'Roebourne WA', primary: true, responseTime: '20-35 minutes', suburbs: ['Roebourne', 'Cossack', 'Harding River', 'Mount Welcome'], services: ['4x4 recovery', 'Towing', 'Mobile mechanical repairs'] },
  { name: 'Wickham WA', primary: true, responseTime: '25-40 minutes', suburbs: ['Wickham', 'Point Samson', 'Cape Lambert', 'John Holland Way'], services: ['4x4 recovery', 'Towing', 'Mobile mechanical repairs', 'Diagnostics'] },
  { name: 'Extended Pilbara Region', primary: false, responseTime: '60-120 minutes', suburbs: ['Pannawonica', 'Millstream', 'Tom Price', 'Paraburdoo', 'Mine sites'], services: ['4x4 recovery', 'Long distance towing', 'Mine site recovery'] },
];

export interface FleetTier {
  name: string;
  tagline: string;
  price: string;
  benefits: string[];
}

export const FLEET_TIERS: FleetTier[] = [
  { name: 'Basic', tagline: 'Essential Coverage', price: 'From $450/month', benefits: ['Priority dispatch for up to 5 vehicles', '10% off recovery and towing', 'Quarterly fleet check-up', 'Monthly job report'] },
  { name: 'Professional', tagline: 'Complete Protection', price: 'From $1,200/month', benefits: ['Guaranteed 45-minute response in Karratha', '15% off all services', 'Scheduled maintenance on your site', 'Fleet diagnostics and defect reports', 'Dedicated account contact'] },
  { name: 'Enterprise', tagline: 'Mining & Industrial', price: 'Custom quote', benefits: ['Site-inducted crew on call 24/7', 'Mine site and remote area coverage', 'Custom response targets', 'On-site servicing rosters', 'Consolidated monthly invoicing'] },
];

export const FLEET_BENEFITS = [
  { title: 'Priority response', text: 'Contract vehicles go to the front of the queue, every hour of the day.' },
  { title: 'Predictable costs', text: 'Fixed monthly fees and contract rates: no surprises on the invoice.' },
  { title: 'Less downtime', text: 'Scheduled maintenance and roadside repairs keep vehicles working.' },
  { title: 'Site ready', text: 'Mining site certified crew with the inductions your site requires.' },
];

export const FLEET_INDUSTRIES = ['Mining and resources', 'Oil and gas', 'Construction', 'Transport and logistics', 'Government and councils', 'Tourism and hire fleets'];
