import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, QueryFailedError } from 'typeorm';
import { FLEET, givenText, isVehicleCondition, textOrNull, type Vehicle, VEHICLE_DEFAULT_CONDITION, yearInPerth } from '@towing/contracts';
import { checkServiceDue, isUniqueViolation, loadVehicleViews, VehicleEntity } from '@towing/db';
import { fieldError, notFound } from '../common/errors.js';
import { TransactionRunner } from '../outbox/transaction.runner.js';
import { RealtimeService } from '../realtime/realtime.service.js';
import type { CreateVehicleDto } from './dto/create-vehicle.dto.js';
import type { UpdateVehicleDto } from './dto/update-vehicle.dto.js';
import { FleetChanges } from './fleet-changes.js';
import { DUPLICATE_REGISTRATION } from './fleet-errors.js';
import { assertOdometerFits } from './odometer-guard.js';

/** Plates and VINs are written in capitals; "1abc 234" and "1ABC 234" are one truck. */
const normaliseId = (value: string) => value.trim().replace(/\s+/g, ' ').toUpperCase();

type VehicleFields = Partial<Omit<VehicleEntity, 'id' | 'createdAt' | 'updatedAt' | 'serviceDueAlertedCycle'>>;

function fields(dto: UpdateVehicleDto | CreateVehicleDto): VehicleFields {
  const set: VehicleFields = {};
  const assign = <K extends keyof VehicleFields>(key: K, value: VehicleFields[K] | undefined) => {
    if (value !== undefined) set[key] = value;
  };
  const text = (value: string | null | undefined) => (value === undefined ? undefined : textOrNull(value));
  assign('name', dto.name?.trim());
  assign('make', dto.make?.trim());
  assign('model', dto.model?.trim());
  assign('year', dto.year);
  assign('registration', dto.registration === undefined ? undefined : normaliseId(dto.registration));
  assign('vin', dto.vin === undefined ? undefined : dto.vin === null || !dto.vin.trim() ? null : normaliseId(dto.vin));
  assign('type', dto.type);
  assign('mileage', dto.mileage);
  assign('serviceInterval', dto.serviceInterval);
  assign('serviceIntervalMonths', dto.serviceIntervalMonths);
  assign('fuelType', dto.fuelType);
  assign('driveType', givenText(dto.driveType));
  assign('transmission', text(dto.transmission));
  assign('engineType', text(dto.engineType));
  assign('engineSize', text(dto.engineSize));
  assign('modifications', dto.modifications === undefined ? undefined : [...new Set(dto.modifications.map((item) => item.trim()))]);
  assign('specialFeatures', dto.specialFeatures === undefined ? undefined : [...new Set(dto.specialFeatures.map((item) => item.trim()))]);
  if (dto.status !== undefined && isVehicleCondition(dto.status)) {
    assign('condition', dto.status);
    assign('status', 'active');
  } else {
    assign('status', dto.status);
  }
  assign('lastServiceDate', dto.lastServiceDate);
  assign('lastServiceMileage', dto.lastServiceMileage);
  assign('nextService', dto.nextService);
  assign('usualDriver', dto.usualDriver);
  assign('towingCapacity', text(dto.towingCapacity));
  assign('gvm', text(dto.gvm));
  assign('alerts', text(dto.alerts));
  assign('description', text(dto.description));
  assign('insuranceExpiry', dto.insuranceExpiry);
  assign('registrationExpiry', dto.registrationExpiry);
  return set;
}

/** A unique registration or VIN taken by another vehicle (removed ones included: their history keeps it). */
function duplicate(error: unknown): Error {
  if (!isUniqueViolation(error)) return error as Error;
  const detail = String(((error as QueryFailedError).driverError as { detail?: string }).detail ?? '');
  if (detail.includes('(vin)')) return fieldError(409, 'vin', 'VIN already exists. Please check the VIN.');
  return fieldError(409, 'registration', DUPLICATE_REGISTRATION);
}

@Injectable()
export class VehiclesService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly transactions: TransactionRunner,
    private readonly changes: FleetChanges,
    private readonly realtime: RealtimeService,
  ) {}

  async list(includeRemoved = false): Promise<Vehicle[]> {
    const vehicles = await this.dataSource
      .getRepository(VehicleEntity)
      .find({ where: includeRemoved ? {} : { isActive: true }, order: { name: 'ASC', id: 'ASC' } });
    return loadVehicleViews(this.dataSource.manager, vehicles);
  }

  async create(dto: CreateVehicleDto): Promise<Vehicle> {
    try {
      return await this.transactions.run(async (unit) => {
        const vehicles = unit.manager.getRepository(VehicleEntity);
        const saved = await vehicles.save(
          vehicles.create({
            year: Number(yearInPerth()),
            status: 'active',
            condition: VEHICLE_DEFAULT_CONDITION,
            serviceInterval: FLEET.defaultServiceIntervalKm,
            serviceIntervalMonths: FLEET.defaultServiceIntervalMonths,
            fuelType: FLEET.defaultFuelType,
            driveType: FLEET.defaultDriveType,
            isActive: dto.isActive ?? true,
            ...fields(dto),
          }),
        );
        // A truck added already due alerts the owners like one that comes due later.
        const check = await checkServiceDue(unit.manager, saved.id);
        const vehicle = check?.vehicle ?? (await loadVehicleViews(unit.manager, [saved]))[0]!;
        if (check?.crossed) await unit.record('vehicle.serviceDue', { vehicleId: saved.id, cycle: check.crossed });
        if (saved.isActive) unit.afterCommit(() => this.realtime.toAdmins('vehicle:created', vehicle));
        return vehicle;
      });
    } catch (error) {
      throw duplicate(error);
    }
  }

  async update(id: number, dto: UpdateVehicleDto): Promise<Vehicle> {
    try {
      const { vehicle } = await this.changes.run({ id, from: 'path' }, async (unit, current) => {
        if (dto.mileage !== undefined && dto.mileage !== current.mileage) {
          await assertOdometerFits(unit.manager, current, {
            km: dto.mileage,
            at: current.createdAt.toISOString(),
            field: 'mileage',
            confirmed: true,
            except: (reading) => reading.source === 'added',
          });
        }
        const changed = fields(dto);
        if (Object.keys(changed).length > 0) await unit.manager.getRepository(VehicleEntity).update({ id }, changed);
      });
      return vehicle;
    } catch (error) {
      throw duplicate(error);
    }
  }

  /**
   * Soft removal: the vehicle leaves the fleet, the boards and the record lists, but it and its
   * service, fuel, mileage and expense records stay in the database, read-only. Those are the
   * business's tax and warranty records (the ATO asks for five years of them) and the cost
   * history of the work the truck did; a cascade would destroy them on one click. The
   * registration and VIN stay taken by the removed vehicle's history.
   */
  async remove(id: number): Promise<void> {
    await this.transactions.run(async (unit) => {
      const vehicles = unit.manager.getRepository(VehicleEntity);
      const vehicle = await vehicles.findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
      if (!vehicle?.isActive) throw notFound(`Vehicle ${id} not found`);
      await vehicles.update({ id }, { isActive: false });
      unit.afterCommit(() => this.realtime.toAdmins('vehicle:deleted', { id }));
    });
  }
}
