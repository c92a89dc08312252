/**
 * `npm run theme:map-token`: writes src/widgets/portalMapToken.json, antd's default algorithm's
 * answer for the portal's tokens (src/widgets/theme.ts), which the widgets use instead of working
 * it out on every page load. Run it after changing the tokens or antd; theme.test.ts says when.
 */
import fs from 'node:fs';
import path from 'node:path';
import { theme } from 'antd';
import { PORTAL_TOKENS } from '../src/widgets/theme';

export const MAP_TOKEN_FILE = path.resolve(__dirname, '../src/widgets/portalMapToken.json');

/** What antd's default algorithm derives from its default seed with the portal's tokens over it. */
export function computePortalMapToken() {
  return theme.defaultAlgorithm({ ...theme.defaultSeed, ...PORTAL_TOKENS });
}

if (require.main === module) {
  fs.writeFileSync(MAP_TOKEN_FILE, `${JSON.stringify(computePortalMapToken(), null, 1)}\n`);
  console.log(`wrote ${path.relative(process.cwd(), MAP_TOKEN_FILE)}`);
}
