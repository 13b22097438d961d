import type { FastifyServerOptions } from 'fastify';

/**
 * What an error-level log line may say about an error: its type, codes and
 * the SQL text, never the parameters or the driver's detail (which carry
 * names, e-mail addresses, tokens; decision 0100). Drizzle puts the parameters
 * into the message ("Failed query: …\nparams: …"), so the message is cut.
 */
export interface SafeError {
  type: string;
  message: string;
  stack: string;
  code?: string;
  cause?: SafeError;
  [key: string]: unknown;
}

const PARAMS = /\nparams:[\s\S]*$/;

function isSqlState(code: unknown): boolean {
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code);
}

export function logSafeError(error: unknown, depth = 0): SafeError {
  if (!(error instanceof Error)) return { type: typeof error, message: 'not an Error', stack: '' };
  const code = (error as { code?: unknown }).code;
  const safe: SafeError = {
    type: error.name,
    // PostgreSQL's own messages quote the values they refused ('invalid input syntax…: "x"').
    message: isSqlState(code)
      ? 'database error (message not logged)'
      : error.message.replace(PARAMS, '\nparams: [not logged]'),
    ...(typeof code === 'string' ? { code } : {}),
    // The stack repeats the message: keep only its frames.
    stack: (error.stack ?? '')
      .split('\n')
      .filter((line) => line.startsWith('    at '))
      .join('\n'),
  };
  if (error.cause !== undefined && depth < 3) safe.cause = logSafeError(error.cause, depth + 1);
  return safe;
}

type LoggerOption = FastifyServerOptions['logger'];

/**
 * The app's logger options with `err` (what every `log.error({ err })` in the
 * server uses) serialised by logSafeError: one place, so no call site can
 * forget it.
 */
export function safeLogger(logger: LoggerOption): LoggerOption {
  if (!logger) return logger;
  const options = logger === true ? {} : logger;
  return { ...options, serializers: { ...options.serializers, err: logSafeError } };
}
