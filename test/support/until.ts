// Polls a condition until it holds or the time runs out: for effects that happen in another
// process (a spawned server delivering, an SMTP server receiving).
export async function until(check: () => boolean, ms: number, every = 100): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (check()) return true;
    await new Promise((r) => setTimeout(r, every));
  }
  return check();
}
