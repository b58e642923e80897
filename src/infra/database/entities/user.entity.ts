import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** A dashboard user: has a token of its own, but is never an organization caller on metered or job routes. */
@Entity('user')
export class User {
  @PrimaryColumn({ type: 'varchar', length: 32 })
  id!: string;

  @Column({ type: 'varchar', length: 254 })
  email!: string;

  @Column({ type: 'varchar', length: 32 })
  organizationId!: string;

  @Column({ type: 'varchar', length: 64, unique: true })
  tokenHash!: string;

  @CreateDateColumn()
  createdAt!: Date;
}
