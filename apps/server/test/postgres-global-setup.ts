import type { TestProject } from 'vitest/node';
import { startPostgres } from './postgres-server.js';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string;
  }
}

/** Starts a throwaway PostgreSQL server for the API suite and removes it afterwards. */
export default async function setup(project: TestProject): Promise<() => void> {
  if (process.env.TEST_POSTGRES_URL) {
    project.provide('postgresUrl', process.env.TEST_POSTGRES_URL);
    return () => undefined;
  }
  const server = await startPostgres();
  project.provide('postgresUrl', server.url);
  return server.remove;
}
