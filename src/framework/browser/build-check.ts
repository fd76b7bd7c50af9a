// The browser polls builds/latest.json every 3 600 000 ms (hourly). A new build
// means the next navigation is a full page load (new chunks, new code).
import { LATEST_BUILD_PATH } from '../../routing/build-endpoints';

export const BUILD_CHECK_INTERVAL_MS = 3_600_000;

let currentBuild = '';
let newBuild = false;

export function startBuildCheck(buildId: string): void {
  currentBuild = buildId;
  setInterval(() => void checkLatestBuild(), BUILD_CHECK_INTERVAL_MS);
}

export async function checkLatestBuild(): Promise<boolean> {
  try {
    const res = await fetch(LATEST_BUILD_PATH, { cache: 'no-store' });
    if (res.ok) noteBuild(((await res.json()) as { id?: string }).id);
  } catch {
    // offline or server restarting: try again next time
  }
  return newBuild;
}

export function noteBuild(id: string | null | undefined): void {
  if (id && currentBuild && id !== currentBuild && !newBuild) {
    newBuild = true;
    // Visible to tests and to anyone debugging a "why did it reload" report.
    document.documentElement.dataset.newBuild = id;
  }
}

export function isNewBuildAvailable(): boolean {
  return newBuild;
}
