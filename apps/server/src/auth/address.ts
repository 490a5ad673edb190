/** A client address shortened for the sessions list: IPv4 to its /24, IPv6 to its /48. */
import net from 'node:net';

export function shortenedAddress(address: string): string {
  const plain = address.startsWith('::ffff:') && net.isIPv4(address.slice(7)) ? address.slice(7) : address;
  if (net.isIPv4(plain)) return `${plain.split('.').slice(0, 3).join('.')}.x`;
  if (net.isIPv6(plain)) {
    const [head = '', tail = ''] = plain.split('::');
    const groups = [...head.split(':').filter(Boolean), ...(plain.includes('::') ? Array(8).fill('0') : []), ...tail.split(':').filter(Boolean)].slice(0, 3);
    return `${groups.join(':')}::/48`;
  }
  return 'unknown';
}
