/**
 * Errors that happen before a route runs: a URL Fastify cannot decode, a
 * request line or header block Node's parser refuses (431 for headers too
 * large). They answer in the contract's shape like every other error
 * (decision 0100) instead of Fastify's or Node's own.
 */
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';

/** Fastify's frameworkErrors option: a bad percent-encoding in the URL is the client's mistake. */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const badUrl = error.code === 'FST_ERR_BAD_URL';
  void reply.status(400).send({
    ok: false,
    error: {
      code: badUrl ? 'BAD_URL' : 'BAD_REQUEST',
      message: badUrl ? 'The URL is not valid' : 'The request is not valid',
    },
  });
}

/** Node's clientError: answered on the bare socket, as no request object exists yet. */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, code, message] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'HEADERS_TOO_LARGE', 'The request headers are too large']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'REQUEST_TIMEOUT', 'The request took too long']
        : [400, 'BAD_REQUEST', 'The request is not valid'];
  const body = JSON.stringify({ ok: false, error: { code, message } });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nX-Content-Type-Options: nosniff\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}
