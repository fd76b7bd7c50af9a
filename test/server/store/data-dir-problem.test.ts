// The startup error for a DATA_DIR the site cannot write names the fix (in a container image the
// data volume's owner is the usual mistake).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { dataDirProblem } from '../../../server/store/data-dir-problem';

const error = (message: string, code: string) => Object.assign(new Error(message), { code });
const container = { uid: 1000, gid: 1000, cwd: '/app' };

test('a root-owned bind mount: a named volume or a folder owned by uid 1000', () => {
  const lines = dataDirProblem('/data', error('unable to open database file', 'SQLITE_CANTOPEN'), container);
  assert.match(lines[0]!, /\/data .*unable to open database file/);
  const text = lines.join('\n');
  assert.match(text, /uid 1000 can write/);
  assert.match(text, /named volume .*-v joinus-data:\/data/);
  assert.match(text, /chown 1000:1000/);
  assert.doesNotMatch(text, /relative/);
});

test(".env.example's relative .data: leave DATA_DIR out in the image, mount /data", () => {
  const lines = dataDirProblem('.data', error("EACCES: permission denied, mkdir '/app/.data'", 'EACCES'), container);
  assert.match(lines[0]!, /\/app\/\.data \(DATA_DIR=\.data\)/);
  assert.match(lines.join('\n'), /DATA_DIR=\.data is relative to \/app\. In the container image leave DATA_DIR out \(it is \/data there\)/);
  assert.match(lines.join('\n'), /-v joinus-data:\/data/);
});

test('a read-only file system counts too; other errors are reported as they are', () => {
  assert.ok(dataDirProblem('/srv/x', error('read-only file system', 'EROFS'), container).length > 1);
  // What mkdir answers in a container started with --read-only (seen with podman and runc).
  assert.ok(dataDirProblem('.data', error("ENOENT: no such file or directory, mkdir '/app/.data'", 'ENOENT'), container).some((l) => l.includes('mount a volume on /data')));
  assert.deepEqual(dataDirProblem('/srv/x', error('database disk image is malformed', 'SQLITE_CORRUPT'), container), [
    'cannot open the durable store in /srv/x (DATA_DIR=/srv/x): database disk image is malformed',
  ]);
});
