// One query on its own short-lived connection, with plain pg rather than the
// shop's code: for test fixtures and for checks made from outside the shop.
import pg from 'pg';

export async function query<T extends pg.QueryResultRow>(databaseUrl: string, sql: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query<T>(sql, params)).rows;
  } finally {
    await client.end();
  }
}
