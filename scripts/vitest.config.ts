import { defineConfig } from 'vitest/config';

// The build and test scripts' own tests (`npm run test:scripts`): plain Node, no database.
export default defineConfig({
  test: { include: ['*.test.ts'] },
});
