import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from './errors.ts';

interface ErrorBody {
  ok: false;
  error: { code: string; message?: string; error_info?: string; issues?: unknown };
}

/**
 * One error shape for every route (decision 0100): 4xx messages pass
 * through with a stable code, every 5xx becomes a generic message.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      const body: ErrorBody = { ok: false, error: { code: error.code, message: error.message } };
      if (error.errorInfo) body.error.error_info = error.errorInfo;
      if (error.statusCode >= 500) request.log.error({ err: error }, 'service error');
      return reply.status(error.statusCode).send(error.expose ? body : internal());
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.status(400).send({
        ok: false,
        error: {
          code: 'VALIDATION_ERROR',
          message: 'The request is not valid',
          issues: error.validation.map((issue) => ({
            path: issue.instancePath,
            message: issue.message,
          })),
        },
      } satisfies ErrorBody);
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'unhandled error');
      return reply.status(500).send(internal());
    }
    return reply.status(status).send({
      ok: false,
      error: { code: error.code ? toStableCode(error.code) : 'BAD_REQUEST', message: error.message },
    } satisfies ErrorBody);
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({
      ok: false,
      error: { code: 'NOT_FOUND', message: `No route for ${request.method} ${request.url.split('?')[0]}` },
    } satisfies ErrorBody);
  });
}

function internal(): ErrorBody {
  return { ok: false, error: { code: 'INTERNAL_ERROR', message: 'Something went wrong on our side' } };
}

/** Fastify's own codes (FST_ERR_CTP_INVALID_JSON_BODY…) become stable UPPER_SNAKE codes. */
function toStableCode(code: string): string {
  if (code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return 'UNSUPPORTED_MEDIA_TYPE';
  if (code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || code.startsWith('FST_ERR_CTP_INVALID')) return 'INVALID_BODY';
  if (code === 'FST_ERR_CTP_BODY_TOO_LARGE') return 'BODY_TOO_LARGE';
  return code.replace(/^FST_ERR_/, '');
}
