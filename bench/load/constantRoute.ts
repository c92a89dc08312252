/** What both floors of the load test serve (floorServer.ts, controlsFloorServer.ts): one route returning a constant, on PORT and HOST. */
import type { FastifyInstance } from 'fastify';

const constant = { validated: true };

/** Adds GET and POST /constant, listens, and on SIGTERM closes the app, then runs `cleanUp`. */
export function serveConstant(app: FastifyInstance, cleanUp: () => void = () => undefined) {
  app.get('/constant', async () => constant);
  app.post('/constant', async () => constant);
  app.listen({ port: Number(process.env.PORT ?? 0), host: process.env.HOST ?? '127.0.0.1' }).catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
  process.once('SIGTERM', () =>
    void app.close().then(() => {
      cleanUp();
      process.exit(0);
    }),
  );
}
