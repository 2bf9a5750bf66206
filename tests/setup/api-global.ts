// API contract tests talk HTTP to a running shop: SHOP_URL is set by `npm test`.
export function setup() {
  if (!process.env.SHOP_URL) {
    throw new Error('SHOP_URL is not set: run the API tests through `npm test -- api`');
  }
}
