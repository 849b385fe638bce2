import { defineConfig } from 'drizzle-kit';

// Used only to generate SQL migrations from src/server/db/schema/; the app applies them at start.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/db/schema',
  out: './drizzle',
});
