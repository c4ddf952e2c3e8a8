import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager, type EntityTarget, type ObjectLiteral } from 'typeorm';
import {
  FLEET,
  type FleetExpense,
  fuelEfficiency,
  type FuelRecord,
  type MileageRecord,
  odometerAtOrBefore,
  type ServiceRecord,
  textOrNull,
} from '@towing/contracts';
import {
  FleetExpenseEntity,
  FuelRecordEntity,
  isUniqueViolation,
  JobEntity,
  MileageRecordEntity,
  ServiceRecordEntity,
  toFleetExpenseView,
  toFuelRecordView,
  toMileageRecordView,
  toServiceRecordView,
} from '@towing/db';
import { fieldError, notFound } from '../common/errors.js';
import type { CreateFleetExpenseDto } from './dto/create-fleet-expense.dto.js';
import type { CreateFuelRecordDto } from './dto/create-fuel-record.dto.js';
import type { CreateMileageRecordDto } from './dto/create-mileage-record.dto.js';
import type { CreateServiceRecordDto } from './dto/create-service-record.dto.js';
import { FleetChanges } from './fleet-changes.js';
import { assertOdometerFits } from './odometer-guard.js';

/** A fill or trip may be entered late, not ahead: a few minutes of clock difference are allowed. */
const FUTURE_SLACK_MS = 5 * 60_000;

function instant(value: string | undefined, field: string): Date {
  const at = value ? new Date(value) : new Date();
  if (at.getTime() > Date.now() + FUTURE_SLACK_MS) throw fieldError(400, field, 'Date and time cannot be in the future');
  return at;
}

/** Only active trucks' records, unless one truck's history is asked for (removed trucks' too). */
function listQuery<T extends ObjectLiteral>(manager: EntityManager, entity: EntityTarget<T>, vehicleId: string | undefined, order: Array<[string, 'ASC' | 'DESC']>) {
  const query = manager.getRepository(entity).createQueryBuilder('record');
  if (vehicleId) query.where('record.vehicle_id = :vehicleId', { vehicleId: Number(vehicleId) });
  else query.innerJoin('record.vehicle', 'vehicle', 'vehicle.is_active = true');
  for (const [column, direction] of order) query.addOrderBy(`record.${column}`, direction);
  return query.getMany();
}

/**
 * Service, fuel and mileage records, and other fleet expenses: each change goes through
 * FleetChanges, which locks the truck and re-estimates its service.
 */
@Injectable()
export class FleetRecordsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly changes: FleetChanges,
  ) {}

  async listServices(vehicleId?: string): Promise<ServiceRecord[]> {
    const rows = await listQuery(this.dataSource.manager, ServiceRecordEntity, vehicleId, [['invoiceDate', 'DESC'], ['mileageAtService', 'DESC'], ['id', 'DESC']]);
    return rows.map(toServiceRecordView);
  }

  async listFuel(vehicleId?: string): Promise<FuelRecord[]> {
    const rows = await listQuery(this.dataSource.manager, FuelRecordEntity, vehicleId, [['dateTime', 'DESC'], ['id', 'DESC']]);
    return rows.map(toFuelRecordView);
  }

  async listMileage(vehicleId?: string): Promise<MileageRecord[]> {
    const rows = await listQuery(this.dataSource.manager, MileageRecordEntity, vehicleId, [['dateTime', 'DESC'], ['id', 'DESC']]);
    return rows.map(toMileageRecordView);
  }

  async listExpenses(vehicleId?: string): Promise<FleetExpense[]> {
    const rows = await listQuery(this.dataSource.manager, FleetExpenseEntity, vehicleId, [['expenseDate', 'DESC'], ['id', 'DESC']]);
    return rows.map(toFleetExpenseView);
  }

  async createService(dto: CreateServiceRecordDto): Promise<ServiceRecord> {
    const labour = dto.laborCost ?? (dto.partsCost === undefined ? dto.totalCost : 0);
    const parts = dto.partsCost ?? 0;
    if (labour + parts !== dto.totalCost) throw fieldError(400, 'totalCost', 'Total cost must equal labour plus parts');
    try {
      const { result } = await this.changes.run({ id: dto.vehicleId, from: 'body' }, async (unit, vehicle) => {
        await assertOdometerFits(unit.manager, vehicle, { km: dto.mileageAtService, at: dto.invoiceDate, field: 'mileageAtService', confirmed: dto.confirmOdometerJump === true });
        const records = unit.manager.getRepository(ServiceRecordEntity);
        const saved = await records.save(
          records.create({
            vehicleId: vehicle.id,
            serviceType: dto.serviceType,
            description: dto.description,
            servicedBy: dto.servicedBy,
            invoiceNumber: textOrNull(dto.invoiceNumber),
            invoiceDate: dto.invoiceDate,
            mileageAtService: dto.mileageAtService,
            laborCost: labour,
            partsCost: parts,
            totalCost: dto.totalCost,
            isPaid: dto.isPaid ?? false,
            partsReplaced: textOrNull(dto.partsReplaced),
            workPerformed: textOrNull(dto.workPerformed),
            nextServiceDue: dto.nextServiceDue ?? null,
            warranty: textOrNull(dto.warranty),
            notes: textOrNull(dto.notes),
          }),
        );
        return toServiceRecordView(await records.findOneByOrFail({ id: saved.id }));
      });
      return result;
    } catch (error) {
      if (isUniqueViolation(error)) throw fieldError(409, 'invoiceNumber', 'Invoice number already exists. Please check the invoice number.');
      throw error;
    }
  }

  async createFuel(dto: CreateFuelRecordDto): Promise<FuelRecord> {
    const at = instant(dto.dateTime, 'dateTime');
    const { result } = await this.changes.run({ id: dto.vehicleId, from: 'body' }, async (unit, vehicle) => {
      await assertOdometerFits(unit.manager, vehicle, { km: dto.odometerReading, at: at.toISOString(), field: 'odometerReading', confirmed: dto.confirmOdometerJump === true });
      const records = unit.manager.getRepository(FuelRecordEntity);
      const saved = await records.save(
        records.create({
          vehicleId: vehicle.id,
          dateTime: at,
          location: dto.location,
          fuelType: dto.fuelType,
          liters: dto.liters,
          // Cents per litre from what was paid: the pump's figure, whatever the form sent.
          pricePerLiter: Math.round((dto.totalCost * 1000) / dto.liters),
          totalCost: dto.totalCost,
          odometerReading: dto.odometerReading,
          fillType: dto.fillType ?? FLEET.defaultFillType,
          driver: textOrNull(dto.driver) ?? FLEET.defaultFuelDriver,
          receipt: textOrNull(dto.receipt),
          notes: textOrNull(dto.notes),
        }),
      );
      await this.recomputeEfficiency(unit.manager, vehicle.id);
      return toFuelRecordView(await records.findOneByOrFail({ id: saved.id }));
    });
    return result;
  }

  async createMileage(dto: CreateMileageRecordDto): Promise<MileageRecord> {
    const at = instant(dto.dateTime, 'dateTime');
    const jobId = textOrNull(dto.jobId);
    try {
      const { result } = await this.changes.run({ id: dto.vehicleId, from: 'body' }, async (unit, vehicle) => {
        if (jobId && !(await unit.manager.getRepository(JobEntity).existsBy({ id: jobId }))) throw fieldError(400, 'jobId', `Job ${jobId} not found`);
        const history = await assertOdometerFits(unit.manager, vehicle, { km: dto.endOdometer, at: at.toISOString(), field: 'endOdometer', confirmed: dto.confirmOdometerJump === true });
        const start = dto.startOdometer ?? odometerAtOrBefore(history.readings, at.toISOString()) ?? vehicle.mileage;
        if (start > dto.endOdometer) throw fieldError(400, 'endOdometer', `Odometer must be at least the start odometer (${start} km)`);
        const records = unit.manager.getRepository(MileageRecordEntity);
        const saved = await records.save(
          records.create({
            vehicleId: vehicle.id,
            dateTime: at,
            startOdometer: start,
            endOdometer: dto.endOdometer,
            distance: dto.endOdometer - start,
            purpose: textOrNull(dto.purpose),
            jobId,
            startLocation: textOrNull(dto.startLocation),
            endLocation: textOrNull(dto.endLocation),
            driver: textOrNull(dto.driver),
            notes: textOrNull(dto.notes),
          }),
        );
        return toMileageRecordView(await records.findOneByOrFail({ id: saved.id }));
      });
      return result;
    } catch (error) {
      if (isUniqueViolation(error)) throw fieldError(409, 'jobId', `The odometer for ${jobId} is already recorded for this vehicle`);
      throw error;
    }
  }

  async createExpense(dto: CreateFleetExpenseDto): Promise<FleetExpense> {
    const { result } = await this.changes.run({ id: dto.vehicleId, from: 'body' }, async (unit, vehicle) => {
      const expenses = unit.manager.getRepository(FleetExpenseEntity);
      const saved = await expenses.save(
        expenses.create({
          vehicleId: vehicle.id,
          expenseType: dto.expenseType,
          description: dto.description,
          amount: dto.amount,
          expenseDate: dto.expenseDate,
          vendor: textOrNull(dto.vendor),
          invoiceNumber: textOrNull(dto.invoiceNumber),
          category: textOrNull(dto.category),
          isPaid: dto.isPaid ?? false,
          paymentMethod: textOrNull(dto.paymentMethod),
          notes: textOrNull(dto.notes),
        }),
      );
      return toFleetExpenseView(saved);
    });
    return result;
  }

  removeService(id: number): Promise<void> {
    return this.remove(ServiceRecordEntity, 'Service record', id);
  }

  removeFuel(id: number): Promise<void> {
    return this.remove(FuelRecordEntity, 'Fuel record', id, (manager, vehicleId) => this.recomputeEfficiency(manager, vehicleId));
  }

  removeMileage(id: number): Promise<void> {
    return this.remove(MileageRecordEntity, 'Mileage record', id);
  }

  removeExpense(id: number): Promise<void> {
    return this.remove(FleetExpenseEntity, 'Fleet expense', id);
  }

  /** A mistaken entry can be taken out; a removed truck's records are kept as they are. */
  private async remove<T extends { id: number; vehicleId: number }>(
    entity: EntityTarget<T>,
    label: string,
    id: number,
    after?: (manager: EntityManager, vehicleId: number) => Promise<void>,
  ): Promise<void> {
    const row = await this.dataSource.getRepository(entity).findOne({ where: { id } as never, select: { id: true, vehicleId: true } as never });
    if (!row) throw notFound(`${label} ${id} not found`);
    await this.changes.run({ id: row.vehicleId, from: 'path' }, async (unit) => {
      const result = await unit.manager.getRepository(entity).delete({ id } as never);
      if (!result.affected) throw notFound(`${label} ${id} not found`);
      await after?.(unit.manager, row.vehicleId);
    });
  }

  /** Efficiency depends on the fills around each one, so every change re-derives the truck's. */
  private async recomputeEfficiency(manager: EntityManager, vehicleId: number): Promise<void> {
    const fuel = manager.getRepository(FuelRecordEntity);
    const fills = await fuel.find({
      select: { id: true, odometerReading: true, liters: true, fillType: true, dateTime: true, efficiency: true },
      where: { vehicleId },
    });
    const efficiency = fuelEfficiency(fills.map((fill) => ({ ...fill, dateTime: fill.dateTime.toISOString() })));
    for (const fill of fills) {
      const value = efficiency.get(fill.id) ?? null;
      if (value !== fill.efficiency) await fuel.update({ id: fill.id }, { efficiency: value });
    }
  }
}
