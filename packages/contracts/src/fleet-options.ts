/**
 * What a Pilbara recovery truck can be fitted with, and what it is rated for: the Edit Mods
 * pickers offer these (spec: about 60 modifications and 15 special features; the full lists
 * are not shown there, so these are the business's own).
 */
export interface OptionGroup {
  label: string;
  options: readonly string[];
}

export const VEHICLE_MODIFICATION_GROUPS = [
  {
    label: 'Recovery & towing',
    options: [
      'Hydraulic Recovery Winch (20,000 lb)',
      'Rear Recovery Winch',
      'Synthetic Winch Rope',
      'Rotating Boom Crane',
      'Underlift (Wheel-Lift) System',
      'Tilt-Tray Deck',
      'Hydraulic Tilt & Slide Deck',
      'Dolly Set',
      'Snatch Block Set',
      'Rated Recovery Points (Front & Rear)',
      'Fifth Wheel Recovery Attachment',
      'Heavy-Duty Tow Hitch (4.5 t)',
      'Air Brake Coupling for Towed Vehicles',
      'Recovery Track Mounts',
    ],
  },
  {
    label: 'Suspension & chassis',
    options: [
      'Lift Kit (2 inch)',
      'Heavy-Duty Suspension Upgrade',
      'Airbag Helper Springs',
      'GVM Upgrade',
      'Steering Damper Upgrade',
      'Diff Breather Extensions',
      'Front Locking Differential',
      'Rear Locking Differential',
      'Underbody Bash Plates',
      'Rock Sliders',
      'Bull Bar (ADR-Compliant)',
      'Rear Bar with Tyre Carrier',
    ],
  },
  {
    label: 'Wheels & tyres',
    options: [
      'All-Terrain Tyres',
      'Mud-Terrain Tyres',
      'Dual Spare Wheels',
      'Central Tyre Inflation System',
      'Tyre Pressure Monitoring System',
      'On-Board Air Compressor',
    ],
  },
  {
    label: 'Engine & driveline',
    options: [
      'Snorkel (Raised Air Intake)',
      'Dust Pre-Cleaner',
      'Heavy-Duty Air Filter',
      'Auxiliary Transmission Cooler',
      'Upgraded Radiator',
      'Long-Range Fuel Tank',
      'Secondary Fuel Water Separator',
      'Exhaust Brake',
      'Engine Over-Temperature Shutdown',
    ],
  },
  {
    label: 'Electrical & power',
    options: [
      'Dual Battery System',
      'Lithium Auxiliary Battery',
      'DC-DC Charger',
      'Roof-Mounted Solar Panel',
      '240 V Inverter',
      'Jump-Start Pack (12 V / 24 V)',
      'Mobile Welder / Generator',
    ],
  },
  {
    label: 'Lighting & visibility',
    options: [
      'LED Light Bar',
      'LED Driving Lights',
      'Rotating Amber Beacons',
      '360° Scene Lighting',
      'Mine-Spec Flag Pole & Whip',
      'Reversing Camera',
      'Dash Camera (Front & Rear)',
    ],
  },
  {
    label: 'Communications & navigation',
    options: ['UHF CB Radio', 'Satellite Phone Cradle', 'GPS Fleet Tracker', 'Mine-Site Two-Way Radio', 'EPIRB / Personal Locator Beacon'],
  },
  {
    label: 'Storage & safety',
    options: [
      'Lockable Tool Boxes',
      'Fridge Slide',
      'Water Tank (100 L)',
      'Fire Extinguisher (9 kg)',
      'Remote Area First Aid Kit',
      'Roof Rack',
    ],
  },
] as const satisfies readonly OptionGroup[];

export const VEHICLE_SPECIAL_FEATURES = [
  'Emergency Response Ready',
  'Mine Site Approved',
  '24/7 Operation Capable',
  'Remote Area Equipped',
  'Heavy Recovery Rated',
  'Off-Road Recovery Specialist',
  'Flood & River Crossing Capable',
  'Night Operations Lighting',
  'Satellite Communications',
  'Dangerous Goods Licensed',
  'Roadside Mechanical Workshop',
  'Accident Scene Certified',
  'Long-Range Fuel Capacity',
  'Machinery Transport',
  'GPS Tracked',
] as const;
