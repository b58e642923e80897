import { IsEmail, IsString, MaxLength, MinLength } from 'class-validator';

/** POST /admin/users: a dashboard user of an organization. */
export class CreateUserDto {
  @IsEmail({}, { message: 'email must be an email address' }) @MaxLength(254)
  email!: string;

  @IsString() @MinLength(1) @MaxLength(32)
  organization_id!: string;
}
