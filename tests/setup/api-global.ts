// API contract tests talk HTTP to a running shop: BASE_URL is set by `npm test`.
export function setup() {
  if (!process.env.BASE_URL) {
    throw new Error('BASE_URL is not set: run the API tests through `npm test -- api`');
  }
}
