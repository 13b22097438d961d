// The baseline: a bare Fastify hello route, started like the real server
// (same node flags, same NODE_ENV, no request logging), so the ratio shows
// what Kassa's own work costs per request.
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/hello', async () => ({ hello: 'world' }));
// A reference, not the baseline: the bytes of a page Kassa answered (PAGE_FILE, in
// PAGE_ENCODING, as PAGE_TYPE), sent from memory, to show what the size of an answer alone costs.
const pageFile = process.env.PAGE_FILE;
if (pageFile) {
  const page = readFileSync(pageFile);
  const encoding = process.env.PAGE_ENCODING;
  const type = process.env.PAGE_TYPE || 'text/html; charset=utf-8';
  app.get('/page', (_request, reply) => {
    if (encoding) reply.header('content-encoding', encoding);
    void reply.type(type).send(page);
  });
}
await app.listen({ host: process.env.HOST ?? '127.0.0.1', port: Number(process.env.PORT ?? 0) });
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
