import { IsBoolean } from 'class-validator';
import type { UpdateDriverRequest } from '@towing/contracts';

export class UpdateDriverDto implements UpdateDriverRequest {
  @IsBoolean({ message: 'active must be true or false' })
  active: boolean;
}
