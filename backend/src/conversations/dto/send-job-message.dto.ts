import { IsString, MaxLength, MinLength } from 'class-validator';
import { JOB_MESSAGE_MAX_LENGTH, type SendJobMessageRequest } from '@towing/contracts';

export class SendJobMessageDto implements SendJobMessageRequest {
  @IsString()
  @MinLength(1, { message: 'Please write a message' })
  @MaxLength(JOB_MESSAGE_MAX_LENGTH, { message: `A message is at most ${JOB_MESSAGE_MAX_LENGTH} characters` })
  body: string;
}
