import type { FastifyInstance } from 'fastify';
import { AppError } from './errors.ts';

/**
 * How deep a JSON body may nest. The deepest request the contract knows
 * (an order's audiences, or free-form enrichment an integration adds) needs
 * a handful of levels; code that walks a body recursively (the idempotency
 * fingerprint, zod, logging) overflows the stack at a few thousand.
 */
export const MAX_JSON_DEPTH = 32;

/**
 * Whether `body` opens more than `max` objects or arrays inside each other,
 * counted in one pass over the characters without recursion (brackets inside
 * strings do not count), so it is safe on any body the size limit lets in.
 */
export function nestsDeeperThan(body: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < body.length; index++) {
    const char = body.charCodeAt(index);
    if (inString) {
      if (char === 0x5c)
        index++; // a backslash escapes the next character
      else if (char === 0x22) inString = false;
    } else if (char === 0x22) inString = true;
    else if (char === 0x7b || char === 0x5b) {
      if (++depth > max) return true;
    } else if (char === 0x7d || char === 0x5d) depth--;
  }
  return false;
}

/**
 * Fastify's own JSON parser (prototype poisoning refused, as by default),
 * behind a depth check: a body nested deeper than MAX_JSON_DEPTH is a 400
 * BODY_TOO_DEEP before any route, schema or hook sees it (decision 0200).
 */
export function registerJsonBody(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (nestsDeeperThan(text, MAX_JSON_DEPTH)) {
      done(
        new AppError(400, 'BODY_TOO_DEEP', `The request body is nested deeper than ${MAX_JSON_DEPTH} levels`),
        undefined,
      );
      return;
    }
    parse(request, text, done);
  });
}
