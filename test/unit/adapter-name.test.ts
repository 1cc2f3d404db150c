import { describe, expect, it } from 'vitest';
import { adapterName } from '../../src/core/adapter-name';

const adapter = (vendor: string, architecture: string, description: string) => ({
  vendor,
  architecture,
  description,
});

describe('adapter names', () => {
  it('vendor and architecture, then the description where it adds anything', () => {
    expect(adapterName(adapter('google', 'swiftshader', 'SwiftShader'))).toBe(
      'google swiftshader — SwiftShader',
    );
    expect(adapterName(adapter('nvidia', 'ampere', ''))).toBe('nvidia ampere');
    expect(adapterName(adapter('apple', '', ' Apple M3 Max '))).toBe('apple — Apple M3 Max');
    expect(adapterName(adapter('Apple', 'm3', 'apple m3'))).toBe('Apple m3');
  });

  it('the description alone where vendor and architecture are empty', () => {
    expect(adapterName(adapter('', ' ', 'half-speed copy'))).toBe('half-speed copy');
  });

  it('the fallback word where the adapter names itself not at all', () => {
    expect(adapterName(adapter('', '', ''))).toBe('unknown adapter');
    expect(adapterName(adapter(' ', '', ' '), { fallback: '?' })).toBe('?');
    expect(adapterName(adapter('amd', '', ''), { fallback: '?' })).toBe('amd');
  });
});
