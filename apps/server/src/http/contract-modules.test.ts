import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ENDPOINTS, type EndpointDef } from '@stride/contract';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/harness.js';

const t = useTestApp();

const contractEndpoints = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@stride/contract')),
  'endpoints',
);
const serverModules = fileURLToPath(new URL('../modules/', import.meta.url));

function isEndpoint(value: unknown): value is EndpointDef {
  return typeof value === 'object' && value !== null && 'method' in value && 'path' in value && 'response' in value;
}

/** Each contract endpoint file by its name, with the ids of the endpoints it exports. */
async function contractFiles(): Promise<Record<string, string[]>> {
  const files: Record<string, string[]> = {};
  for (const name of readdirSync(contractEndpoints).filter(
    (file) => /^[\w-]+\.ts$/.test(file) && !file.endsWith('.test.ts'),
  )) {
    const exports = (await import(pathToFileURL(path.join(contractEndpoints, name)).href)) as Record<string, unknown>;
    files[name.slice(0, -'.ts'.length)] = Object.values(exports)
      .filter(isEndpoint)
      .map((endpoint) => endpoint.id)
      .sort();
  }
  return files;
}

describe('one name per domain, from the contract to the server', () => {
  it('has a server module folder for every contract endpoint file', async () => {
    const folders = readdirSync(serverModules, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    const names = Object.keys(await contractFiles());
    expect(names).toContain('accounts');
    for (const name of names) expect(folders, name).toContain(name);
  });

  it('keeps in each contract file exactly the endpoints its server module registers', async () => {
    const registered: Record<string, string[]> = {};
    for (const [id, module] of t.app.endpoints.owners) (registered[module] ??= []).push(id);
    for (const ids of Object.values(registered)) ids.sort();
    expect(registered).toEqual(await contractFiles());
  });

  it('lists every endpoint of every contract file in ENDPOINTS, each once', async () => {
    const ids = Object.values(await contractFiles()).flat();
    expect(new Set(ids).size).toBe(ids.length);
    expect(ENDPOINTS.map((endpoint) => endpoint.id).sort()).toEqual(ids.sort());
  });
});
