import { tracingChannel } from 'node:diagnostics_channel';

export interface HandlerRuns {
  /** The URL of each route handler run since the recording began, in order. */
  urls: string[];
  stop(): void;
}

/**
 * Records each run of a route handler, from the channel Fastify reports them
 * on: for tests that show an answer went out without its handler running.
 */
export function recordHandlerRuns(): HandlerRuns {
  const urls: string[] = [];
  const handler = tracingChannel<unknown, { request: { url: string } }>('fastify.request.handler');
  const subscriber = {
    start: (message: { request: { url: string } }) => void urls.push(message.request.url),
    end: () => undefined,
    asyncStart: () => undefined,
    asyncEnd: () => undefined,
    error: () => undefined,
  };
  handler.subscribe(subscriber);
  return { urls, stop: () => handler.unsubscribe(subscriber) };
}
