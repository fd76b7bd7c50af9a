// The operator command (`npm run submissions -- ...`) as a child process over a data folder,
// the site's store only (no STRAPI_URL): its exit code and what it printed.
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const root = fileURLToPath(new URL('../../../../', import.meta.url));
const run = promisify(execFile);

export async function operatorCommand(dataDir: string, ...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', 'scripts/submissions.ts', ...args], { cwd: root, env: { ...process.env, DATA_DIR: dataDir, STRAPI_URL: '' } });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}
