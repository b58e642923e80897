import { IsEmail, IsString, MaxLength, MinLength } from 'class-validator';

/** POST /admin/users: a dashboard user of an organization. */
export class CreateUserDto {
  @IsEmail({}, { message: 'email must be an email address' }) @MaxLength(254)
  email!: string;

  @MaxLength(32) @MinLength(1) @IsString()
  organization_id!: string;
}
