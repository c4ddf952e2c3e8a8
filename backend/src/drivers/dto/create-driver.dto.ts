import type { CreateDriverRequest } from '@towing/contracts';
import { RegisterDto } from '../../auth/dto/register.dto.js';

/** The register form's rules: a driver account is an account, made by an admin. */
export class CreateDriverDto extends RegisterDto implements CreateDriverRequest {}
