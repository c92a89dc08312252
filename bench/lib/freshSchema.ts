import { Client } from 'pg';

/** A PostgreSQL URL whose connections work in a fresh schema of their own (`name`: a plain identifier). */
export async function freshSchema(url: string, name: string): Promise<string> {
  const client = new Client({ connectionString: url });
  await client.connect();
  await client.query(`DROP SCHEMA IF EXISTS ${name} CASCADE; CREATE SCHEMA ${name}`);
  await client.end();
  const scoped = new URL(url);
  scoped.searchParams.set('options', `-c search_path=${name}`);
  return scoped.toString();
}
