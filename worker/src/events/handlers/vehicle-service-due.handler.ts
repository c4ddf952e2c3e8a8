import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { type DomainEventEnvelope, formatFleetDay as day, formatKm as km, formatPerthDateTime, type ServiceHealth } from '@towing/contracts';
import { ENVIRONMENT, type Environment } from '@towing/platform';
import { loadVehicleHistories, VehicleEntity, vehicleHealth } from '@towing/db';
import { NotifierService } from '../../notifications/notifier.service.js';
import { TemplatesService } from '../../templates/templates.service.js';
import type { DomainEventHandler } from '../domain-event-handler.js';

function kmText(health: ServiceHealth): string {
  return health.kmRemaining > 0 ? `${km(health.kmRemaining)} to go` : `${km(-health.kmRemaining)} past due`;
}

/**
 * A truck came due for its service: one SMS to each owner's mobile (ONCALL_PHONES) and one email
 * to the office. The event fires once per service interval (the API and the daily check record
 * the crossing with it); a truck serviced before the worker got to the event is not reported.
 */
@Injectable()
export class VehicleServiceDueHandler implements DomainEventHandler<'vehicle.serviceDue'> {
  private readonly logger = new Logger(VehicleServiceDueHandler.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly notifier: NotifierService,
    private readonly templates: TemplatesService,
    @Inject(ENVIRONMENT) private readonly environment: Environment,
  ) {}

  async handle(event: DomainEventEnvelope<'vehicle.serviceDue'>): Promise<void> {
    const vehicle = await this.dataSource.getRepository(VehicleEntity).findOneBy({ id: event.payload.vehicleId });
    if (!vehicle?.isActive) {
      this.logger.warn(`Vehicle ${event.payload.vehicleId} is no longer in the fleet; no service alert`);
      return;
    }
    const history = (await loadVehicleHistories(this.dataSource.manager, [vehicle])).get(vehicle.id)!;
    const health = vehicleHealth(vehicle, history);
    if (health.cycle !== event.payload.cycle || health.state === 'ok') {
      this.logger.log(`${vehicle.registration} was serviced since it came due; no service alert`);
      return;
    }
    const context = {
      vehicleName: vehicle.name,
      registration: vehicle.registration,
      make: vehicle.make,
      model: vehicle.model,
      usualDriver: vehicle.usualDriver,
      overdue: health.state === 'overdue',
      kmText: kmText(health),
      odometer: km(health.odometerKm),
      lastReadingAt: health.lastReadingAt.length === 10 ? day(health.lastReadingAt) : formatPerthDateTime(health.lastReadingAt),
      lastServiceKm: km(health.lastServiceKm),
      lastServiceDate: day(health.lastServiceDate),
      dueAtKm: km(health.dueAtKm),
      dueByDate: day(health.dueByDate),
      forecastDate: day(health.forecastDate),
      dailyKm: km(health.dailyKm),
      assumedPace: health.dailyKmFrom === 'assumed',
      fleetUrl: this.notifier.boardUrl,
    };
    const sms = this.templates.sms('sms/vehicle-service-due', context);
    await this.notifier.deliverAll({ eventId: event.id }, [
      ...this.environment.oncallPhones.map((phone) => ({ channel: 'sms' as const, to: phone, body: sms })),
      {
        channel: 'email',
        to: this.environment.businessEmail,
        subject: `${context.overdue ? 'Service overdue' : 'Service due'}: ${vehicle.name} (${vehicle.registration})`,
        html: this.templates.email('email/vehicle-service-due', context),
      },
    ]);
  }
}
