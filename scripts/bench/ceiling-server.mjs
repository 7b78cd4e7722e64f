// The ceiling: a bare Fastify route on this machine, in the same run, so the app's figures can
// be read as a share of what the framework alone does here. `POST /format` is the control of
// the format benchmark: the same JSON in and out as POST /api/format, and no engine between.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/ping', async () => ({ status: 'ok' }));
app.post('/format', async (request) => {
  const body = /** @type {{ transcript?: unknown, mode?: unknown }} */ (request.body ?? {});
  return {
    formatted: typeof body.transcript === 'string' ? body.transcript : '',
    path: 'rules',
    mode: body.mode === 'reliable' ? 'reliable' : 'smart',
    notes: [],
  };
});
const address = await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
process.stdout.write(`${address}\n`);
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
