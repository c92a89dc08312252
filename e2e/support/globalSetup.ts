/** Builds the portal when dist is missing or older than src (scripts/freshness.ts). */
import net from 'node:net';
import { buildPortalIfStale } from '../../scripts/freshness';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** Builds once for the whole run; each test file starts its own server (referenceServer.ts). */
export default async function globalSetup() {
  buildPortalIfStale();
}
