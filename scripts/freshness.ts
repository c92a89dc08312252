/** Whether a build is older than its sources (npm start's portal build, the compiled server). */
import fs from 'node:fs';
import path from 'node:path';

/** The newest modification time of `entry`, or of any file under it when it is a folder (0 when there is none). */
export function newestMtime(entry: string): number {
  if (!fs.existsSync(entry)) return 0;
  if (!fs.statSync(entry).isDirectory()) return fs.statSync(entry).mtimeMs;
  let newest = 0;
  for (const child of fs.readdirSync(entry, { withFileTypes: true })) {
    const full = path.join(entry, child.name);
    if (child.isDirectory()) newest = Math.max(newest, newestMtime(full));
    else if (child.isFile()) newest = Math.max(newest, fs.statSync(full).mtimeMs);
  }
  return newest;
}
