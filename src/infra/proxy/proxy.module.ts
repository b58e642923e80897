import { Global, Module } from '@nestjs/common';
import { NetworkModule } from '../network/network.module.js';
import { EgressProxy } from './egress-proxy.js';
import { ProxyPoolService } from './proxy-pool.service.js';

@Global()
@Module({
  imports: [NetworkModule],
  providers: [ProxyPoolService, EgressProxy],
  exports: [ProxyPoolService, EgressProxy],
})
export class ProxyModule {}
