// reCAPTCHA v3, used instead of ALTCHA when its keys are configured: the token from the
// browser is checked with Google, and its score, action and hostname must fit.
export type RecaptchaSettings = { siteKey: string; secret: string; minScore: number; verifyUrl?: string };

export async function verifyRecaptcha(
  settings: RecaptchaSettings,
  token: string,
  expect: { action: string; hostname: string },
): Promise<boolean> {
  const body = new URLSearchParams({ secret: settings.secret, response: token });
  try {
    const reply = await fetch(settings.verifyUrl ?? 'https://www.google.com/recaptcha/api/siteverify', {
      method: 'POST',
      body,
      signal: AbortSignal.timeout(5000),
    });
    const answer = (await reply.json()) as { success?: boolean; score?: number; action?: string; hostname?: string };
    return (
      answer.success === true &&
      (answer.score ?? 0) >= settings.minScore &&
      answer.action === expect.action &&
      answer.hostname === expect.hostname
    );
  } catch {
    return false;
  }
}
