import type { FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';

/**
 * The server's absolute base URL for links that leave it (provider return
 * and cancel URLs, the form gateway's action): PUBLIC_URL when set, which a
 * shop behind a proxy should set; else the URL this request came in on.
 */
export function publicBaseUrl(config: Pick<Config, 'publicUrl'>, request: FastifyRequest): string {
  if (config.publicUrl) return config.publicUrl.replace(/\/+$/, '');
  return `${request.protocol}://${request.host}`;
}
