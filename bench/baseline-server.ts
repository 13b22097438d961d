// The baseline: a bare Fastify hello route, started like the real server
// (same node flags, same NODE_ENV, no request logging), so the ratio shows
// what Kassa's own work costs per request.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/hello', async () => ({ hello: 'world' }));
await app.listen({ host: process.env.HOST ?? '127.0.0.1', port: Number(process.env.PORT ?? 0) });
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
