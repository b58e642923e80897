import { Column, CreateDateColumn, Entity } from 'typeorm';
import { OrganizationId, RowId } from './columns.js';

/** A dashboard user: has a token of its own, but is never an organization caller on metered or job routes. */
@Entity('user')
export class User {
  @RowId()
  id!: string;

  @Column({ type: 'varchar', length: 254 })
  email!: string;

  @OrganizationId()
  organizationId!: string;

  @Column({ type: 'varchar', length: 64, unique: true })
  tokenHash!: string;

  @CreateDateColumn()
  createdAt!: Date;
}
