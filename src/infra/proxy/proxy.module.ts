import { Global, Module } from '@nestjs/common';
import { NetworkModule } from '../network/network.module.js';
import { EgressProxy } from './egress-proxy.js';
import { ProxyPoolService } from './proxy-pool.service.js';
import { EgressRelay } from './relay/egress-relay.js';

@Global()
@Module({
  imports: [NetworkModule],
  providers: [ProxyPoolService, EgressProxy, EgressRelay],
  exports: [ProxyPoolService, EgressProxy, EgressRelay],
})
export class ProxyModule {}
