import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';
import { SERVER_ROOT } from './paths';

// The product runs on Node 20 (the oldest it supports) and on Node 24 (the current LTS), so every
// installed package must say it runs on both. A package whose newest release leaves Node 20 is held
// back in the root package.json's `overrides` to the last release that keeps it.

const SUPPORTED_NODE = ['20.19.0', '24.0.0'];

type TLockedPackage = { version?: string; engines?: { node?: string } | string[] };

function lockedPackages(): [string, TLockedPackage][] {
  const lock = JSON.parse(readFileSync(join(SERVER_ROOT, '..', '..', 'package-lock.json'), 'utf8')) as {
    packages: Record<string, TLockedPackage>;
  };
  return Object.entries(lock.packages).filter(([path]) => path.includes('node_modules/'));
}

describe('installed packages', () => {
  it('all run on every supported Node version', () => {
    const packages = lockedPackages();
    expect(packages.length).toBeGreaterThan(500);
    const refused = packages.flatMap(([path, { version, engines }]) => {
      const range = Array.isArray(engines) ? undefined : engines?.node;
      if (!range) return [];
      const misses = SUPPORTED_NODE.filter((node) => !semver.satisfies(node, range));
      return misses.length === 0 ? [] : [`${path}@${version} asks for node ${range}`];
    });
    expect(refused).toEqual([]);
  });
});
