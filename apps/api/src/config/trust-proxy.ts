import ipaddr from 'ipaddr.js';
import { z } from 'zod';

/** TRUST_PROXY parsed: false, a hop count, or proxy addresses/CIDRs (and proxy-addr's names). */
export type TrustProxy = false | number | readonly string[];

const MAX_PROXY_HOPS = 10;
/** Named ranges Fastify's proxy-addr understands. */
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];
const TRUST_PROXY_HINT = 'give the number of proxies in front (e.g. 1) or their addresses/CIDRs (e.g. 10.0.0.5,192.168.0.0/16)';

/** TRUST_PROXY: false/0, a hop count, or a comma-separated list; "trust everything" is refused. */
export const trustProxyText = z.string().transform((raw, context): TrustProxy => {
  const value = raw.trim().toLowerCase();
  if (['false', 'no', 'off', '0'].includes(value)) return false;
  if (['true', 'yes', 'on', '*', 'all'].includes(value)) {
    context.addIssue({
      code: 'custom',
      message: `TRUST_PROXY=${raw.trim()} would trust every address, so any client could pick its own IP: ${TRUST_PROXY_HINT}`,
    });
    return z.NEVER;
  }
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops <= MAX_PROXY_HOPS) return hops;
    context.addIssue({ code: 'custom', message: `TRUST_PROXY must be a hop count between 0 and ${MAX_PROXY_HOPS}` });
    return z.NEVER;
  }
  const entries = value.split(',').map((entry) => entry.trim());
  const invalid = entries.find((entry) => !PROXY_RANGE_NAMES.includes(entry) && !ipaddr.isValid(entry) && !ipaddr.isValidCIDR(entry));
  if (invalid !== undefined) {
    context.addIssue({ code: 'custom', message: `TRUST_PROXY has "${invalid}", which is not an address or CIDR: ${TRUST_PROXY_HINT}` });
    return z.NEVER;
  }
  return Object.freeze(entries);
});
