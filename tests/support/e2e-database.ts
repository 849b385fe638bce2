import fs from 'node:fs';
import path from 'node:path';
import { pgliteTemplate, templateKey } from './database-templates.ts';

// The browser tests' server starts on a copy of the migrated PGlite database the API tests copy
// (docs/decisions/033), made once and kept in .cache/test-databases: creating and migrating a database
// for each run took a minute of a busy machine, most of the webServer's start-up time.
// Usage: node --import tsx tests/support/e2e-database.ts <DATA_DIR> (emptied first).

const dataDir = process.argv[2];
if (!dataDir) throw new Error('Usage: e2e-database.ts <DATA_DIR>');
fs.rmSync(dataDir, { recursive: true, force: true });
fs.mkdirSync(dataDir, { recursive: true });
fs.cpSync(await pgliteTemplate(templateKey()), path.join(dataDir, 'pgdata'), { recursive: true });
