import { describe, expect, it } from 'vitest';
import { wrongAddressWarning } from './console-address';

const ON_THIS_MACHINE = {
  expected: 'http://127.0.0.1:3000',
  accepted: ['http://localhost:3000', 'http://127.0.0.1:3000', 'http://[::1]:3000'],
};
const BEHIND_A_PROXY = { expected: 'https://console.example.com', accepted: ['https://console.example.com'] };

describe('wrongAddressWarning', () => {
  it.each([
    ['http://127.0.0.1:3000', ON_THIS_MACHINE],
    ['http://localhost:3000', ON_THIS_MACHINE],
    ['https://console.example.com', BEHIND_A_PROXY],
  ])('says nothing at %s, an address of the console', (current, address) => {
    expect(wrongAddressWarning(current, address)).toBeNull();
  });

  it.each([
    ['http://192.0.2.2:3000', ON_THIS_MACHINE],
    ['http://localhost:3001', ON_THIS_MACHINE],
    ['http://console.example.com', BEHIND_A_PROXY],
    ['http://10.0.0.5:3000', BEHIND_A_PROXY],
  ])('at %s names the expected address and NEXTAUTH_URL', (current, address) => {
    const warning = wrongAddressWarning(current, address);
    expect(warning).toContain(
      `This console's address is ${address.expected} (set by NEXTAUTH_URL where it runs), but this page is open at ${current}`,
    );
  });
});
