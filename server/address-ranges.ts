import { BlockList, isIP } from 'node:net';

/** One address or CIDR range (`10.0.0.0/8`, `::1`), checked: undefined when it is neither. */
function rangeOf(text: string): { address: string; prefix: number; family: 'ipv4' | 'ipv6' } | undefined {
  const [address = '', prefixText, ...rest] = text.trim().split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return undefined;
  const bits = version === 4 ? 32 : 128;
  if (prefixText !== undefined && !/^\d{1,3}$/.test(prefixText)) return undefined;
  const prefix = prefixText === undefined ? bits : Number(prefixText);
  if (prefix > bits) return undefined;
  return { address, prefix, family: version === 4 ? 'ipv4' : 'ipv6' };
}

/** The entries of a comma-separated list of addresses and CIDR ranges that are neither. */
export function invalidRanges(list: string): string[] {
  return list.split(',').filter((entry) => rangeOf(entry) === undefined);
}

/**
 * A test of client addresses against a list of addresses and CIDR ranges. An IPv4 client seen by a server
 * listening on IPv6 arrives as `::ffff:a.b.c.d`, and is matched as the IPv4 address it is.
 */
export function addressMatcher(ranges: readonly string[]): (address: string) => boolean {
  const list = new BlockList();
  for (const entry of ranges) {
    const range = rangeOf(entry);
    if (!range) throw new Error(`not an address or CIDR range: ${entry}`);
    list.addSubnet(range.address, range.prefix, range.family);
  }
  return (address) => {
    const plain = address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
    const version = isIP(plain);
    if (version === 0) return false;
    return list.check(plain, version === 4 ? 'ipv4' : 'ipv6');
  };
}
