/**
 * `npm start`: builds the portal with webpack when the build is missing or older than any file
 * in src/, then starts the reference server (server/main.ts).
 */
import { main } from '../server/main';
import { buildPortalIfStale } from './freshness';

function buildIfNeeded() {
  try {
    buildPortalIfStale();
  } catch {
    process.stderr.write('The webpack build failed; starting the server with the previous build, if any.\n');
  }
}

if (require.main === module) {
  buildIfNeeded();
  main().catch((error: unknown) => {
    process.stderr.write(`Could not start the server: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
}
