import { OmitType, PartialType } from '@nestjs/swagger';
import type { UpdateVehicleRequest } from '@towing/contracts';
import { CreateVehicleDto } from './create-vehicle.dto.js';

/**
 * Any field of the vehicle form: the spec's screens send {modifications} or {specialFeatures};
 * ours also the status and the usual driver. Removing is DELETE, so isActive is not here.
 * A field sent blank is refused with the form's message rather than ignored.
 */
export class UpdateVehicleDto extends PartialType(OmitType(CreateVehicleDto, ['isActive'] as const)) implements UpdateVehicleRequest {}
