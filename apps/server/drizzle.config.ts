import { defineConfig } from 'drizzle-kit';

// `npx drizzle-kit generate --name <change>` from apps/server writes a new committed migration into drizzle/.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/index.ts',
  out: './drizzle',
  casing: 'snake_case',
});
