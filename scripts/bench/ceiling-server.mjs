// The ceiling: a bare Fastify route on this machine, in the same run, so the app's figures can
// be read as a share of what the framework alone does here.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/ping', async () => ({ status: 'ok' }));
const address = await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
process.stdout.write(`${address}\n`);
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
