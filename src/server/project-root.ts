import fs from 'node:fs';
import path from 'node:path';

/**
 * The folder holding package.json, found upward from this module: the same from the TypeScript sources
 * (src/server) and from the compiled bundle `npm start` runs (dist/server), so paths to the migrations
 * and the built web app hold in both (docs/decisions/034).
 */
function findProjectRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`No package.json above ${from}`);
  }
}

export const PROJECT_ROOT = findProjectRoot(import.meta.dirname);
