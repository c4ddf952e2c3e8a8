import { Body, Controller, HttpCode, Param } from '@nestjs/common';
import type { DriverAccount } from '@towing/contracts';
import { Access } from '../common/access.js';
import { Endpoint } from '../common/endpoint.js';
import { IdParamPipe } from '../common/id-param.pipe.js';
import { DriverAccountsService } from './driver-accounts.service.js';
import { CreateDriverDto } from './dto/create-driver.dto.js';
import { UpdateDriverDto } from './dto/update-driver.dto.js';

@Controller()
@Access('admin')
export class DriverAccountsController {
  constructor(private readonly accounts: DriverAccountsService) {}

  @Endpoint('GET /api/drivers')
  list(): Promise<DriverAccount[]> {
    return this.accounts.list();
  }

  @Endpoint('POST /api/drivers')
  @HttpCode(201)
  create(@Body() dto: CreateDriverDto): Promise<DriverAccount> {
    return this.accounts.create(dto);
  }

  @Endpoint('PATCH /api/drivers/:id')
  update(@Param('id', IdParamPipe) id: number, @Body() dto: UpdateDriverDto): Promise<DriverAccount> {
    return this.accounts.setActive(id, dto.active);
  }
}
