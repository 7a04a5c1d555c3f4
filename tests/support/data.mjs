// Reads the shared test vectors in tests/data.
import { readFileSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

export function readJsonl(name) {
  return readFileSync(join(root, 'tests', 'data', name), 'utf8')
    .split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l));
}

export function readJson(name) {
  return JSON.parse(readFileSync(join(root, 'tests', 'data', name), 'utf8'));
}
