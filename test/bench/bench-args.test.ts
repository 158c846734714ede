import { describe, expect, it } from 'vitest';
import { measurementNames, parseBenchArgs } from '../../bench/bench-args.ts';

describe('parseBenchArgs', () => {
  it('runs every measurement and reports only, by default', () => {
    expect(parseBenchArgs([])).toEqual({ measurements: measurementNames, check: false });
  });

  it('runs the named subset in the bench’s own order, with --check anywhere', () => {
    expect(parseBenchArgs(['server', '--check', 'bytes'])).toEqual({ measurements: ['bytes', 'server'], check: true });
    expect(parseBenchArgs(['lighthouse', 'lighthouse']).measurements).toEqual(['lighthouse']);
  });

  it('refuses an unknown name with the usage', () => {
    expect(() => parseBenchArgs(['bytes', 'speed'])).toThrow(/Unknown argument: speed[\s\S]*Usage: npm run bench/);
  });
});
