// A product made the way the owner makes one: the back office's individual
// upload, one text file. By default priced $0 (a free download, Decision 095).
import pg from 'pg';
import sharp from 'sharp';

type UploadOptions = { fileText?: string; price?: string; category?: string };

/** Signs in as the demo admin and uploads a product ($0 in Clip Art unless told otherwise); its id. */
export async function createFreeProduct(shopUrl: string, title: string, options: UploadOptions = {}): Promise<string> {
  const { fileText = 'free file contents', price = '0', category = 'Clip Art' } = options;
  const login = await fetch(`${shopUrl}/api/auth/login`, { method: 'POST', body: new URLSearchParams({ username: 'admin', password: 'admin' }) });
  if (login.status !== 200) throw new Error(`admin login → ${login.status}`);
  const { token } = (await login.json()) as { token: string };
  const body = new FormData();
  body.append('title', title);
  body.append('price', price);
  body.append('category', category);
  const mockup = await sharp({ create: { width: 40, height: 40, channels: 3, background: { r: 30, g: 160, b: 90 } } })
    .png()
    .toBuffer();
  body.append('mockup', new Blob([new Uint8Array(mockup)], { type: 'image/png' }), 'mockup.png');
  body.append('files', new Blob([fileText], { type: 'text/plain' }), 'free-file.txt');
  const res = await fetch(`${shopUrl}/api/admin/individual-upload`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body });
  const text = await res.text();
  if (res.status !== 201) throw new Error(`individual upload of a $${price} product → ${res.status}: ${text}`);
  const id = (JSON.parse(text) as { product_id: string }).product_id;
  // Dated long ago, so newest-first lists never show it first: other suites take
  // the first listed product to buy through the cart, which refuses a free one.
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  await client.query(`UPDATE "Product" SET "createdAt" = '2001-01-01' WHERE id = $1`, [id]);
  await client.end();
  // An edit through the back office drops the cached listings that held it first.
  const edit = await fetch(`${shopUrl}/api/products/${id}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ category }),
  });
  if (edit.status !== 200) throw new Error(`edit of the uploaded product → ${edit.status}: ${await edit.text()}`);
  return id;
}
