import { normalizeIP } from '@fastify/rate-limit';
import ipaddr from 'ipaddr.js';
import type { FastifyRequest } from 'fastify';
import type { TrustProxy } from '../config';

/** IPv6 clients are counted per /64: one home or server usually holds a whole /64. */
const IPV6_CLIENT_PREFIX = 64;

/**
 * The key a client address is rate-limited under: an IPv4 address as it is (also when it comes
 * IPv4-mapped, `::ffff:203.0.113.7`), an IPv6 address as the first address of its /64
 * (`2001:db8:1:2::`), so someone holding a /64 cannot get a fresh limit per address. Anything
 * else is its own key. (@fastify/rate-limit's own normalisation, so every limiter agrees.)
 */
export function rateLimitKeyOf(address: string): string {
  return normalizeIP(address, IPV6_CLIENT_PREFIX);
}

/** True for 127.0.0.0/8, ::1 and their IPv4-mapped forms: a peer on this machine. */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address || !ipaddr.isValid(address)) return false;
  return ipaddr.process(address).range() === 'loopback';
}

/** Headers a proxy adds: a request carrying one came through a proxy, even from a loopback peer. */
const PROXY_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip'];

/** A request from this machine itself: a loopback peer (not request.ip) that no proxy relayed. */
export function fromThisMachine(request: FastifyRequest): boolean {
  return isLoopbackAddress(request.raw.socket.remoteAddress) && PROXY_HEADERS.every((name) => request.headers[name] === undefined);
}

/**
 * Fastify's `trustProxy` for config.trustProxy. Fastify 5 ignores a plain hop count (it trusts
 * no hop then), so a count becomes "the n nearest hops are proxies": the server must then be
 * reachable only through them. An address list is handed over as it is (proxy-addr matches it).
 */
export function fastifyTrustProxy(trustProxy: TrustProxy): false | string[] | ((address: string, hop: number) => boolean) {
  if (trustProxy === false || trustProxy === 0) return false;
  if (typeof trustProxy === 'number') return (_address, hop) => hop < trustProxy;
  return [...trustProxy];
}
