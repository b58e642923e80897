import { Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';

@Entity('api_key')
export class ApiKey {
  @PrimaryColumn({ type: 'varchar', length: 32 })
  id!: string;

  @Index()
  @Column({ type: 'varchar', length: 32 })
  organizationId!: string;

  /** The first characters of the key, shown to humans to tell keys apart. */
  @Column({ type: 'varchar', length: 16 })
  prefix!: string;

  /** SHA-256 of the whole key, hex. The key itself is never stored. */
  @Column({ type: 'varchar', length: 64, unique: true })
  keyHash!: string;

  @Column({ type: 'datetime', nullable: true })
  revokedAt!: Date | null;

  @CreateDateColumn()
  createdAt!: Date;
}
