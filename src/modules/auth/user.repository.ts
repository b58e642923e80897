import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { User } from '../../infra/database/entities/index.js';

/** Dashboard users of an organization (their tokens open no API route). */
@Injectable()
export class UserRepository {
  constructor(@InjectRepository(User) private readonly users: Repository<User>) {}

  insert(user: User): Promise<User> {
    return this.users.save(user);
  }
}
