import type { FillType, FleetExpense, FuelRecord, MileageRecord, ServiceHealth, ServiceRecord, Vehicle } from '@towing/contracts';
import { vehicleDisplayState } from '@towing/contracts';
import type { FleetExpenseEntity } from '../entities/fleet-expense.entity.js';
import type { FuelRecordEntity } from '../entities/fuel-record.entity.js';
import type { MileageRecordEntity } from '../entities/mileage-record.entity.js';
import type { ServiceRecordEntity } from '../entities/service-record.entity.js';
import type { VehicleEntity } from '../entities/vehicle.entity.js';

export function toVehicleView(vehicle: VehicleEntity, health: ServiceHealth): Vehicle {
  return {
    id: vehicle.id,
    name: vehicle.name,
    make: vehicle.make,
    model: vehicle.model,
    year: vehicle.year,
    registration: vehicle.registration,
    vin: vehicle.vin,
    type: vehicle.type,
    status: vehicle.status,
    condition: vehicle.condition,
    mileage: vehicle.mileage,
    serviceInterval: vehicle.serviceInterval,
    serviceIntervalMonths: vehicle.serviceIntervalMonths,
    nextService: vehicle.nextService,
    lastServiceDate: vehicle.lastServiceDate,
    lastServiceMileage: vehicle.lastServiceMileage,
    engineType: vehicle.engineType,
    engineSize: vehicle.engineSize,
    fuelType: vehicle.fuelType,
    transmission: vehicle.transmission,
    driveType: vehicle.driveType,
    modifications: vehicle.modifications,
    specialFeatures: vehicle.specialFeatures,
    towingCapacity: vehicle.towingCapacity,
    gvm: vehicle.gvm,
    alerts: vehicle.alerts,
    description: vehicle.description,
    insuranceExpiry: vehicle.insuranceExpiry,
    registrationExpiry: vehicle.registrationExpiry,
    usualDriver: vehicle.usualDriver,
    isActive: vehicle.isActive,
    createdAt: vehicle.createdAt.toISOString(),
    updatedAt: vehicle.updatedAt.toISOString(),
    health,
    displayState: vehicleDisplayState(vehicle.status, health),
  };
}

export function toServiceRecordView(record: ServiceRecordEntity): ServiceRecord {
  return {
    id: record.id,
    vehicleId: record.vehicleId,
    invoiceNumber: record.invoiceNumber,
    serviceType: record.serviceType,
    description: record.description,
    servicedBy: record.servicedBy,
    laborCost: record.laborCost,
    partsCost: record.partsCost,
    totalCost: record.totalCost,
    mileageAtService: record.mileageAtService,
    partsReplaced: record.partsReplaced,
    workPerformed: record.workPerformed,
    nextServiceDue: record.nextServiceDue,
    warranty: record.warranty,
    invoiceDate: record.invoiceDate,
    isPaid: record.isPaid,
    notes: record.notes,
    createdAt: record.createdAt.toISOString(),
  };
}

export function toFuelRecordView(record: FuelRecordEntity): FuelRecord {
  return {
    id: record.id,
    vehicleId: record.vehicleId,
    dateTime: record.dateTime.toISOString(),
    location: record.location,
    fuelType: record.fuelType,
    liters: record.liters,
    pricePerLiter: record.pricePerLiter,
    totalCost: record.totalCost,
    odometerReading: record.odometerReading,
    fillType: record.fillType as FillType,
    efficiency: record.efficiency,
    driver: record.driver,
    receipt: record.receipt,
    notes: record.notes,
  };
}

export function toMileageRecordView(record: MileageRecordEntity): MileageRecord {
  return {
    id: record.id,
    vehicleId: record.vehicleId,
    dateTime: record.dateTime.toISOString(),
    startOdometer: record.startOdometer,
    endOdometer: record.endOdometer,
    distance: record.distance,
    purpose: record.purpose,
    jobId: record.jobId,
    startLocation: record.startLocation,
    endLocation: record.endLocation,
    driver: record.driver,
    notes: record.notes,
  };
}

export function toFleetExpenseView(expense: FleetExpenseEntity): FleetExpense {
  return {
    id: expense.id,
    vehicleId: expense.vehicleId,
    expenseType: expense.expenseType,
    description: expense.description,
    amount: expense.amount,
    vendor: expense.vendor,
    invoiceNumber: expense.invoiceNumber,
    expenseDate: expense.expenseDate,
    category: expense.category,
    isPaid: expense.isPaid,
    paymentMethod: expense.paymentMethod,
    notes: expense.notes,
  };
}
