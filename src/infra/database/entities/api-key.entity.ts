import { Column, CreateDateColumn, Entity, Index } from 'typeorm';
import { LaterTime, OrganizationId, RowId } from './columns.js';

@Entity('api_key')
export class ApiKey {
  @RowId()
  id!: string;

  @Index()
  @OrganizationId()
  organizationId!: string;

  /** The first characters of the key, shown to humans to tell keys apart. */
  @Column({ type: 'varchar', length: 16 })
  prefix!: string;

  /** SHA-256 of the whole key, hex. The key itself is never stored. */
  @Column({ type: 'varchar', length: 64, unique: true })
  keyHash!: string;

  @LaterTime()
  revokedAt!: Date | null;

  @CreateDateColumn()
  createdAt!: Date;
}
