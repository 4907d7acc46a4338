/**
 * A bare Fastify hello-world, the baseline of the read measures: what this Node and this machine answer
 * when a request does nothing (no hooks, no schema, no logger). Run by reads.ts as its own process, the
 * way the server runs: `node --import tsx bench/hello.ts` with PORT.
 */
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
