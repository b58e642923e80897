import { Global, Module } from '@nestjs/common';
import { NetworkModule } from '../network/network.module.js';
import { ProxyPoolService } from './proxy-pool.service.js';
import { EgressRelay } from './relay/egress-relay.js';

@Global()
@Module({
  imports: [NetworkModule],
  providers: [ProxyPoolService, EgressRelay],
  exports: [ProxyPoolService, EgressRelay],
})
export class ProxyModule {}
