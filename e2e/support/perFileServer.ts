import { startReferenceServer } from './referenceServer';

let server: Awaited<ReturnType<typeof startReferenceServer>> | null = null;

beforeAll(async () => {
  server = await startReferenceServer();
  process.env.E2E_BASE_URL = server.baseUrl;
}, 60_000);

afterAll(() => {
  server?.stop();
  delete process.env.E2E_BASE_URL;
});
