import { Injectable } from '@nestjs/common';
import type { Vehicle } from '@towing/contracts';
import { checkServiceDue, VehicleEntity } from '@towing/db';
import { fieldError, notFound } from '../common/errors.js';
import { TransactionRunner, type UnitOfWork } from '../outbox/transaction.runner.js';
import { RealtimeService } from '../realtime/realtime.service.js';

export interface VehicleChange<T> {
  result: T;
  vehicle: Vehicle;
}

/** How a change names the truck it touches: a record's body (a field) or a route's :id. */
export type VehicleTarget = { id: number; from: 'body' | 'path' };

/**
 * Every change to a truck or its records goes through here: the truck's row is locked first, so
 * two readings entered at once are checked one after the other; then its service estimate is
 * worked out again, `vehicle.serviceDue` is recorded in the same transaction when it has just
 * come due, and the truck is pushed to every board after commit.
 */
@Injectable()
export class FleetChanges {
  constructor(
    private readonly transactions: TransactionRunner,
    private readonly realtime: RealtimeService,
  ) {}

  run<T>(target: VehicleTarget, work: (unit: UnitOfWork, vehicle: VehicleEntity) => Promise<T>): Promise<VehicleChange<T>> {
    return this.transactions.run(async (unit) => {
      const vehicle = await unit.manager.getRepository(VehicleEntity).findOne({ where: { id: target.id }, lock: { mode: 'pessimistic_write' } });
      if (!vehicle) throw target.from === 'body' ? fieldError(400, 'vehicleId', 'Vehicle not found') : notFound(`Vehicle ${target.id} not found`);
      if (!vehicle.isActive) {
        const message = `Vehicle ${vehicle.registration} was removed from the fleet; its records are kept as they are`;
        throw target.from === 'body' ? fieldError(409, 'vehicleId', message) : fieldError(409, 'id', message);
      }
      const result = await work(unit, vehicle);
      const check = (await checkServiceDue(unit.manager, vehicle.id))!;
      if (check.crossed) await unit.record('vehicle.serviceDue', { vehicleId: vehicle.id, cycle: check.crossed });
      unit.afterCommit(() => this.realtime.toAdmins('vehicle:updated', check.vehicle));
      return { result, vehicle: check.vehicle };
    });
  }
}
