import { startReferenceServer } from './referenceServer';

let server: Awaited<ReturnType<typeof startReferenceServer>> | null = null;

beforeAll(async () => {
  // Only the recording e2e records: the others load each page's own store, as borrowers get it.
  const recordActions = /recording\.e2e\.ts$/.test(expect.getState().testPath ?? '');
  server = await startReferenceServer({ recordActions });
  process.env.E2E_BASE_URL = server.baseUrl;
}, 60_000);

afterAll(() => {
  server?.stop();
  delete process.env.E2E_BASE_URL;
});
