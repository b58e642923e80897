// Preloaded into a test app (`node --import`): names only that app's worker resolves, as a DNS answer would give them.
// CRAWLGATE_TEST_HOSTS is JSON `{ "name": "address" }`; every other name goes to the system resolver.
import dns from 'node:dns';
import { syncBuiltinESMExports } from 'node:module';

const hosts = JSON.parse(process.env.CRAWLGATE_TEST_HOSTS ?? '{}');
const systemLookup = dns.promises.lookup;
dns.promises.lookup = async (host, options) => {
  const address = hosts[host];
  if (!address) return systemLookup(host, options);
  const entry = { address, family: address.includes(':') ? 6 : 4 };
  return options?.all ? [entry] : entry;
};
syncBuiltinESMExports();
