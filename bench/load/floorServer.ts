/** The load test's floor: bare fastify 5, no plugins, no logger, one route returning a constant. */
import Fastify from 'fastify';

const app = Fastify({ logger: false });
const constant = { validated: true };
app.get('/constant', async () => constant);
app.post('/constant', async () => constant);

app.listen({ port: Number(process.env.PORT ?? 0), host: process.env.HOST ?? '127.0.0.1' }).catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
