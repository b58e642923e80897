import { Injectable, PipeTransform, Query } from '@nestjs/common';
import type { ClassConstructor } from 'class-transformer';
import { refusedParameters, validateDto } from './validate-dto.js';

/** Validates a route's query against its DTO; a parameter the DTO does not declare is a 422 on that parameter. */
@Injectable()
class QueryPipe<T extends object> implements PipeTransform<unknown, T> {
  constructor(private readonly dto: ClassConstructor<T>) {}

  transform(query: unknown): T {
    // class-validator refuses a class without any rule as an unknown value, so NoQuery is checked here.
    if (this.dto !== (NoQuery as unknown)) return validateDto(this.dto, query ?? {});
    const refused = refusedParameters(query);
    if (refused) throw refused;
    return new this.dto();
  }
}

/**
 * A route's query parameters, declared once as a DTO class (decisions.md 8: every route refuses a parameter it does
 * not know). Routes without parameters take `NoQuery`. Guards run first: a caller without credentials still gets 401.
 */
export const QueryOf = <T extends object>(dto: ClassConstructor<T>): ParameterDecorator => Query(new QueryPipe(dto));

/** The query of a route that has no parameters: any parameter is refused. */
export class NoQuery {}
