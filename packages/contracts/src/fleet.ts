import { BUSINESS } from './business.js';

export const VEHICLE_TYPES = ['Heavy Recovery', 'Light Towing', '4x4 Recovery', 'Support Vehicle', 'Tow Truck', 'Flatbed'] as const;
export const SERVICE_TYPES = [
  'Routine Service',
  'Oil Change',
  'Brake Service',
  'Tire Replacement',
  'Engine Repair',
  'Transmission',
  'Electrical',
  'Other',
] as const;
export const FUEL_TYPES = ['Diesel', 'Petrol', 'Premium'] as const;
export const FILL_TYPES = ['Full', 'Partial'] as const;
export type FillType = (typeof FILL_TYPES)[number];

/** Whether a truck can go out: the form's status enum (docs/rules.md, "Fleet"). */
export const VEHICLE_STATUSES = ['active', 'maintenance', 'out_of_service'] as const;
export type VehicleStatus = (typeof VEHICLE_STATUSES)[number];

/**
 * How good a truck is, apart from whether it can go out. The spec's schema default is
 * Excellent and its Add Vehicle form sends that as the status: the API reads it as the
 * condition of an active truck.
 */
export const VEHICLE_CONDITIONS = ['Excellent'] as const;
export type VehicleCondition = (typeof VEHICLE_CONDITIONS)[number];
export const VEHICLE_DEFAULT_CONDITION: VehicleCondition = 'Excellent';

/** True for a condition sent where the spec's form puts it, in `status`. */
export function isVehicleCondition(value: string): value is VehicleCondition {
  return (VEHICLE_CONDITIONS as readonly string[]).includes(value);
}

/** A truck in one of these is off the road: dispatch asks before sending its driver out. */
export const OFF_ROAD_STATUSES: readonly VehicleStatus[] = ['maintenance', 'out_of_service'];

/**
 * Services that restart the service interval. A brake job or new tyres do not: the interval
 * is the oil-and-filters service the manufacturer schedules.
 */
export const INTERVAL_SERVICE_TYPES: readonly string[] = ['Routine Service', 'Oil Change'];

export const FLEET_EXPENSE_TYPES = ['Registration', 'Insurance', 'Tyres', 'Repairs', 'Equipment', 'Permits', 'Tolls', 'Other'] as const;

/** The fleet's defaults and thresholds (docs/rules.md, "Fleet"). */
export const FLEET = {
  defaultServiceIntervalKm: 10_000,
  /** Heavy diesels on dusty corrugations: six months, whichever comes first with the km. */
  defaultServiceIntervalMonths: 6,
  /** Only until a truck's own odometer readings span forecastMinDays. */
  assumedDailyKm: 50,
  /**
   * A truck's own pace is forecast from its readings once the first and the last are at least a
   * week apart: a week takes in long runs and idle days alike, where a day or two is one run.
   */
  forecastMinDays: 7,
  serviceDueKm: 1000,
  /** The Available Drivers tile flags a truck this close to its service. */
  dispatchWarningKm: 500,
  /**
   * A date-based service is "within N km" when the truck's own daily average would cover N km
   * before the date; never less than a week (time to book a workshop in Karratha), never more
   * than a month (a parked truck).
   */
  dueWindowDays: { min: 7, max: 30 },
  /**
   * A reading more than this many km a day past the previous one (at least one day's worth) is
   * flagged for confirmation: 1,500 km is about 16 hours at highway speed, more than a truck does.
   */
  plausibleDailyKm: 1500,
  recentCount: 3,
  defaultFuelType: 'Diesel',
  defaultDriveType: '4WD',
  defaultFillType: 'Full' as FillType,
  /** The spec's default fuel driver: the first owner. */
  defaultFuelDriver: BUSINESS.staff[0].firstName,
} as const;

/** Who usually drives a truck: one of the owners, by first name (as jobs are assigned). */
export const TRUCK_DRIVERS: readonly string[] = BUSINESS.staff.map((member) => member.firstName);

/** docs/rules.md, "Fleet", in the order they win: the status first, then the service estimate. */
export type VehicleDisplayState = 'out_of_service' | 'maintenance' | 'overdue' | 'due' | 'active';

export const VEHICLE_DISPLAY: Record<VehicleDisplayState, { label: string; color: 'red' | 'orange' | 'gold' | 'green' }> = {
  out_of_service: { label: 'Out of Service', color: 'red' },
  maintenance: { label: 'Maintenance', color: 'orange' },
  overdue: { label: 'Service Overdue', color: 'red' },
  due: { label: 'Service Due', color: 'gold' },
  active: { label: 'Active', color: 'green' },
};

export type ServiceState = 'ok' | 'due' | 'overdue';

/** Where a truck stands against its service interval, from its own records. */
export interface ServiceHealth {
  odometerKm: number;
  /** When the latest reading was taken: an instant, or a day for a service. */
  lastReadingAt: string;
  lastServiceKm: number;
  lastServiceDate: string;
  /** Names the current interval (see ServiceBaseline.cycle). */
  cycle: string;
  dueAtKm: number;
  /** The date the interval runs out by time (YYYY-MM-DD). */
  dueByDate: string;
  /** Km left before the km limit (negative when past it). */
  kmRemaining: number;
  /** Days left before the date limit, from today in Perth (negative when past it). */
  daysRemaining: number;
  dailyKm: number;
  dailyKmFrom: 'readings' | 'assumed';
  /** The day the service falls due, whichever limit comes first, at the truck's own pace. */
  forecastDate: string;
  dueBy: 'km' | 'date';
  /** Share of the interval used, by km or by time, whichever is further along (0-100). */
  usedPercent: number;
  state: ServiceState;
}

/** A fleet vehicle as the API returns it. Dates YYYY-MM-DD; times ISO 8601 UTC. */
export interface Vehicle {
  id: number;
  name: string;
  make: string;
  model: string;
  year: number;
  registration: string;
  vin: string | null;
  type: string;
  status: VehicleStatus;
  condition: VehicleCondition;
  /** Odometer in km when the vehicle joined the fleet; the current one is `health.odometerKm`. */
  mileage: number;
  /** Km between interval services. */
  serviceInterval: number;
  serviceIntervalMonths: number;
  /** A next-service date set when it was added (before any service record). */
  nextService: string | null;
  /** The last service before its records here began, as entered when it was added. */
  lastServiceDate: string | null;
  lastServiceMileage: number | null;
  engineType: string | null;
  engineSize: string | null;
  fuelType: string;
  transmission: string | null;
  driveType: string;
  modifications: string[];
  specialFeatures: string[];
  towingCapacity: string | null;
  gvm: string | null;
  alerts: string | null;
  description: string | null;
  insuranceExpiry: string | null;
  registrationExpiry: string | null;
  /** The owner who usually drives it (a first name of BUSINESS.staff), or null for a spare. */
  usualDriver: string | null;
  /** False once removed from the fleet; its records are kept. */
  isActive: boolean;
  createdAt: string;
  updatedAt: string;
  health: ServiceHealth;
  displayState: VehicleDisplayState;
}

/** POST /api/vehicles (the spec's form, plus the fields the service estimate needs). */
export interface CreateVehicleRequest {
  name: string;
  make: string;
  model: string;
  /** Defaults to the current year. */
  year?: number;
  registration: string;
  vin?: string | null;
  type: string;
  /** Odometer in km now. */
  mileage?: number;
  serviceInterval?: number;
  serviceIntervalMonths?: number;
  fuelType?: string;
  driveType?: string;
  transmission?: string | null;
  engineType?: string | null;
  engineSize?: string | null;
  modifications?: string[];
  specialFeatures?: string[];
  /** Whether it can go out; the spec's form sends its condition (Excellent) here, an active truck. */
  status?: VehicleStatus | VehicleCondition;
  isActive?: boolean;
  lastServiceDate?: string | null;
  lastServiceMileage?: number | null;
  nextService?: string | null;
  usualDriver?: string | null;
  towingCapacity?: string | null;
  gvm?: string | null;
  alerts?: string | null;
  description?: string | null;
  insuranceExpiry?: string | null;
  registrationExpiry?: string | null;
}

/** PUT /api/vehicles/:id: any of the fields; the spec's screens send {modifications} or {specialFeatures}. */
export type UpdateVehicleRequest = Partial<Omit<CreateVehicleRequest, 'isActive'>>;

export interface ServiceRecord {
  id: number;
  vehicleId: number;
  invoiceNumber: string | null;
  serviceType: string;
  description: string;
  servicedBy: string;
  /** Cents. */
  laborCost: number;
  partsCost: number;
  totalCost: number;
  mileageAtService: number;
  partsReplaced: string | null;
  workPerformed: string | null;
  nextServiceDue: string | null;
  warranty: string | null;
  invoiceDate: string;
  isPaid: boolean;
  notes: string | null;
  createdAt: string;
}

/** Set on a record whose odometer jumps more than is plausible, to save it anyway. */
export interface OdometerConfirmation {
  confirmOdometerJump?: boolean;
}

export interface CreateServiceRecordRequest extends OdometerConfirmation {
  vehicleId: number;
  serviceType: string;
  description: string;
  mileageAtService: number;
  /** Cents. */
  totalCost: number;
  servicedBy: string;
  invoiceNumber?: string | null;
  /** YYYY-MM-DD. */
  invoiceDate: string;
  notes?: string | null;
  /** Cents; without labour and parts, the total is labour (as the spec's form sends it). */
  laborCost?: number;
  partsCost?: number;
  isPaid?: boolean;
  partsReplaced?: string | null;
  workPerformed?: string | null;
  /** A next-service date the workshop wrote on the invoice. */
  nextServiceDue?: string | null;
  warranty?: string | null;
}

export interface FuelRecord {
  id: number;
  vehicleId: number;
  dateTime: string;
  location: string;
  fuelType: string;
  /** Thousandths of a litre. */
  liters: number;
  /** Cents per litre. */
  pricePerLiter: number;
  /** Cents. */
  totalCost: number;
  odometerReading: number;
  fillType: FillType;
  /** L/100 km since the previous full fill; null for a partial fill or the first full one. */
  efficiency: number | null;
  driver: string | null;
  receipt: string | null;
  notes: string | null;
}

export interface CreateFuelRecordRequest extends OdometerConfirmation {
  vehicleId: number;
  /** ISO 8601; defaults to now. */
  dateTime?: string;
  location: string;
  fuelType: string;
  /** Thousandths of a litre. */
  liters: number;
  /** Ignored: the server derives it from the total and the litres. */
  pricePerLiter?: number;
  /** Cents. */
  totalCost: number;
  odometerReading: number;
  fillType?: FillType;
  driver?: string | null;
  receipt?: string | null;
  notes?: string | null;
}

export interface MileageRecord {
  id: number;
  vehicleId: number;
  dateTime: string;
  startOdometer: number;
  endOdometer: number;
  distance: number;
  purpose: string | null;
  jobId: string | null;
  startLocation: string | null;
  endLocation: string | null;
  driver: string | null;
  notes: string | null;
}

export interface CreateMileageRecordRequest extends OdometerConfirmation {
  vehicleId: number;
  /** ISO 8601; defaults to now. */
  dateTime?: string;
  /** Defaults to the truck's odometer before this trip (its last reading). */
  startOdometer?: number;
  endOdometer: number;
  purpose?: string | null;
  /** The job the trip was for: completing a job records the odometer this way. */
  jobId?: string | null;
  startLocation?: string | null;
  endLocation?: string | null;
  driver?: string | null;
  notes?: string | null;
}

export interface FleetExpense {
  id: number;
  vehicleId: number;
  expenseType: string;
  description: string;
  /** Cents. */
  amount: number;
  vendor: string | null;
  invoiceNumber: string | null;
  expenseDate: string;
  category: string | null;
  isPaid: boolean;
  paymentMethod: string | null;
  notes: string | null;
}

export interface CreateFleetExpenseRequest {
  vehicleId: number;
  expenseType: string;
  description: string;
  /** Cents. */
  amount: number;
  /** YYYY-MM-DD. */
  expenseDate: string;
  vendor?: string | null;
  invoiceNumber?: string | null;
  category?: string | null;
  isPaid?: boolean;
  paymentMethod?: string | null;
  notes?: string | null;
}

/** The record lists take ?vehicleId= for one truck's history, removed trucks included. */
export interface FleetRecordsQuery {
  vehicleId?: string;
}

/** GET /api/vehicles?includeRemoved=true also lists removed vehicles. */
export interface VehiclesQuery {
  includeRemoved?: 'true' | 'false';
}
