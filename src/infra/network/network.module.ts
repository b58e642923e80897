import { Global, Module } from '@nestjs/common';
import { NetworkPolicy } from './network-policy.js';

@Global()
@Module({
  providers: [NetworkPolicy],
  exports: [NetworkPolicy],
})
export class NetworkModule {}
