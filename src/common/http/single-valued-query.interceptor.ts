import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { Observable } from 'rxjs';
import { repeatedParameters } from '../validation/single-value.js';

/**
 * A query parameter is one value (spec, shared query parameters: anything but the values a parameter takes is 422):
 * a repeated one (`js=maybe&js=false`) is refused on every route, each named, before the route reads any, rather than
 * read as one of its values with the others unchecked. The `key` parameter is refused by the key guard, before it.
 */
@Injectable()
export class SingleValuedQueryInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() === 'http') {
      const refused = repeatedParameters(context.switchToHttp().getRequest<FastifyRequest>().query);
      if (refused) throw refused;
    }
    return next.handle();
  }
}
