import type { FastifyRequest } from 'fastify'
import type { Config } from '../config'

/**
 * The caller's country: from the CDN/proxy header named by GEO_IP_HEADER when present, else
 * DEFAULT_COUNTRY (the reference server ships no IP database).
 */
export function countryOf(req: FastifyRequest, config: Config): string {
  const raw = req.headers[config.geoIpHeader]
  const value = Array.isArray(raw) ? raw[0] : raw
  return value && /^[A-Za-z]{2}$/.test(value) ? value.toUpperCase() : config.defaultCountry
}
