import { checkBudgets, measureFirstLoad } from './bundle-budget.ts';

// `npm run size`: prints the JavaScript the sign-in page and a signed-in dashboard load (raw, gzip,
// brotli) and fails when either exceeds its brotli budget. `npm test` runs it after the build.

try {
  const { lines, ok } = checkBudgets(measureFirstLoad());
  for (const line of lines) console.log(line);
  if (!ok) {
    console.error(
      'JavaScript budget exceeded: load more screens lazily (lazyScreen where the screen is used, or in the feature registration) or drop a dependency.',
    );
    process.exit(1);
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
