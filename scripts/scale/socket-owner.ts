// Which process sent a request, from the local port of its TCP connection: the connection's
// inode in /proc/net/tcp (and tcp6), and the process whose descriptors hold that socket. Linux
// only, as the suite is.
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

/** Whether process `pid` holds an open TCP connection from local port `port`. */
export function holdsConnectionFrom(pid: number, port: number): boolean {
  const inodes = new Set<string>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text: string;
    try {
      text = readFileSync(table, 'utf8');
    } catch {
      continue;
    }
    // Columns: sl, local address:port (hex), remote address:port, state, ..., inode (the tenth).
    for (const line of text.split('\n').slice(1)) {
      const cols = line.trim().split(/\s+/);
      if (cols.length > 9 && parseInt(cols[1]!.split(':')[1]!, 16) === port && cols[9] !== '0') inodes.add(`socket:[${cols[9]}]`);
    }
  }
  if (inodes.size === 0) return false;
  try {
    return readdirSync(`/proc/${pid}/fd`).some((fd) => {
      try {
        return inodes.has(readlinkSync(`/proc/${pid}/fd/${fd}`));
      } catch {
        return false;
      }
    });
  } catch {
    return false;
  }
}
