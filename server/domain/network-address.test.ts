import { describe, expect, it } from 'vitest';
import { webhookUrlProblem } from './jobs';
import { classifyIpAddress, hostAddressKind, parseIpv4, parseIpv6, webhookAddressProblem, type AddressKind } from './network-address';

describe('parseIpv4 and parseIpv6', () => {
  it('reads dotted quads and refuses anything else', () => {
    expect(parseIpv4('192.168.1.20')).toEqual([192, 168, 1, 20]);
    for (const text of ['256.1.1.1', '1.2.3', '1.2.3.4.5', '01.2.3.4', '1.2.3.x', '', 'example.com']) expect(parseIpv4(text)).toBeNull();
  });

  it('reads IPv6 with :: and an IPv4 tail, and refuses malformed text', () => {
    expect(parseIpv6('::1')).toEqual([...new Array(15).fill(0), 1]);
    expect(parseIpv6('::')).toEqual(new Array(16).fill(0));
    expect(parseIpv6('2001:db8::8a2e:370:7334')).toEqual([0x20, 0x01, 0x0d, 0xb8, 0, 0, 0, 0, 0, 0, 0x8a, 0x2e, 0x03, 0x70, 0x73, 0x34]);
    expect(parseIpv6('::ffff:10.0.0.1')).toEqual([...new Array(10).fill(0), 0xff, 0xff, 10, 0, 0, 1]);
    expect(parseIpv6('1:2:3:4:5:6:7:8')).toHaveLength(16);
    for (const text of [
      '1::2::3',
      '1:2:3:4:5:6:7',
      '1:2:3:4:5:6:7:8:9',
      '12345::',
      'fe80::1%eth0',
      '1.2.3.4::',
      ':::',
      'g::1',
      '1:2:3:4:5:6:7::8',
    ])
      expect(parseIpv6(text), text).toBeNull();
  });
});

describe('classifyIpAddress', () => {
  const cases: [string, AddressKind][] = [
    ['8.8.8.8', 'public'],
    ['93.184.216.34', 'public'],
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'unspecified'],
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['172.32.0.1', 'public'],
    ['192.168.0.1', 'private'],
    ['100.64.0.1', 'shared'],
    ['100.127.255.255', 'shared'],
    ['100.128.0.1', 'public'],
    ['169.254.169.254', 'link-local'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['255.255.255.255', 'reserved'],
    ['198.18.0.1', 'reserved'],
    ['2606:4700:4700::1111', 'public'],
    ['[2606:4700:4700::1111]', 'public'],
    ['::', 'unspecified'],
    ['::1', 'loopback'],
    ['[::1]', 'loopback'],
    ['0:0:0:0:0:0:0:1', 'loopback'],
    ['fe80::1', 'link-local'],
    ['febf::1', 'link-local'],
    ['fec0::1', 'private'],
    ['fc00::1', 'unique-local'],
    ['fd12:3456:789a::1', 'unique-local'],
    ['ff02::1', 'multicast'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['[::ffff:7f00:1]', 'loopback'],
    ['::ffff:10.0.0.1', 'private'],
    ['::ffff:169.254.169.254', 'link-local'],
    ['::ffff:8.8.8.8', 'public'],
    ['::ffff:0:127.0.0.1', 'loopback'],
    ['::127.0.0.1', 'loopback'],
    ['::10.0.0.1', 'private'],
    ['64:ff9b::10.0.0.1', 'private'],
    ['64:ff9b::8.8.8.8', 'public'],
    ['2002:7f00:1::', 'loopback'],
    ['2002:0a00:0001::1', 'private'],
    ['2002:0808:0808::1', 'public'],
    ['2001:db8::1', 'reserved'],
    ['2001:0:4136:e378::1', 'reserved'],
    ['100::1', 'reserved'],
    ['4000::1', 'reserved'],
  ];
  it.each(cases)('%s is %s', (text, kind) => {
    expect(classifyIpAddress(text)).toBe(kind);
  });

  it('answers null for names', () => {
    expect(classifyIpAddress('hooks.example.com')).toBeNull();
    expect(classifyIpAddress('1.2.3.4.example.com')).toBeNull();
  });

  it('counts localhost and names under .localhost as loopback', () => {
    expect(hostAddressKind('localhost')).toBe('loopback');
    expect(hostAddressKind('LOCALHOST.')).toBe('loopback');
    expect(hostAddressKind('api.localhost')).toBe('loopback');
    expect(hostAddressKind('localhost.example.com')).toBeNull();
  });
});

describe('webhookAddressProblem (after DNS)', () => {
  it('refuses a non-public address unless private addresses are allowed', () => {
    expect(webhookAddressProblem('93.184.216.34', { allowHttp: false, allowPrivate: false })).toBeNull();
    expect(webhookAddressProblem('10.0.0.5', { allowHttp: false, allowPrivate: false })).toMatch(
      /10\.0\.0\.5 is a private network address/,
    );
    expect(webhookAddressProblem('::ffff:127.0.0.1', { allowHttp: true, allowPrivate: false })).toMatch(/loopback/);
    expect(webhookAddressProblem('10.0.0.5', { allowHttp: false, allowPrivate: true })).toBeNull();
    expect(webhookAddressProblem('not-an-ip', { allowHttp: false, allowPrivate: true })).toMatch(/not an IP address/);
  });
});

describe('webhookUrlProblem with address rules', () => {
  const strict = { allowHttp: false, allowPrivate: false };
  it('refuses http and non-public hosts by default, naming why', () => {
    expect(webhookUrlProblem('https://hooks.example.com/x', strict)).toBeNull();
    expect(webhookUrlProblem('https://8.8.8.8/x', strict)).toBeNull();
    expect(webhookUrlProblem('http://hooks.example.com/x', strict)).toMatch(/https/);
    expect(webhookUrlProblem('http://localhost:4000/x', strict)).toMatch(/https/);
    expect(webhookUrlProblem('https://localhost:4000/x', strict)).toMatch(/loopback/);
    expect(webhookUrlProblem('https://127.0.0.1/x', strict)).toMatch(/loopback/);
    expect(webhookUrlProblem('https://[::1]/x', strict)).toMatch(/loopback/);
    expect(webhookUrlProblem('https://[::ffff:7f00:1]/x', strict)).toMatch(/loopback/);
    expect(webhookUrlProblem('https://[::ffff:192.168.0.1]/x', strict)).toMatch(/private network/);
    expect(webhookUrlProblem('https://169.254.169.254/latest/meta-data', strict)).toMatch(/link-local/);
    expect(webhookUrlProblem('https://100.64.1.1/', strict)).toMatch(/carrier-grade/);
    expect(webhookUrlProblem('https://[fd00::1]/', strict)).toMatch(/unique-local/);
    expect(webhookUrlProblem('https://224.0.0.1/', strict)).toMatch(/multicast/);
    expect(webhookUrlProblem('https://0.0.0.0/', strict)).toMatch(/unspecified/);
  });

  it('sees through the other ways of writing an IPv4 address (the URL parser normalises them)', () => {
    for (const url of ['https://2130706433/', 'https://0x7f.1/', 'https://0177.0.0.1/', 'https://127.1/', 'https://10.1/'])
      expect(webhookUrlProblem(url, strict), url).not.toBeNull();
  });

  it('lets the development setting allow http and private addresses, separately', () => {
    expect(webhookUrlProblem('http://hooks.example.com/x', { allowHttp: true, allowPrivate: false })).toBeNull();
    expect(webhookUrlProblem('http://127.0.0.1:4000/x', { allowHttp: true, allowPrivate: false })).toMatch(/loopback/);
    expect(webhookUrlProblem('https://127.0.0.1:4000/x', { allowHttp: false, allowPrivate: true })).toBeNull();
    expect(webhookUrlProblem('http://127.0.0.1:4000/x', { allowHttp: false, allowPrivate: true })).toMatch(/https/);
    expect(webhookUrlProblem('http://127.0.0.1:4000/x', { allowHttp: true, allowPrivate: true })).toBeNull();
  });
});
