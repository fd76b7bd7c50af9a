// The account limits count per account address by its key (src/forms/address-key.ts), as the
// erasure finds it: the class is that one address is one account however its letters are cased,
// in any script, so typing it another way never buys a guesser more tries.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { accountSite, postForm } from './helpers';

test('wrong tries on one account count together however its address is cased, in any script', async () => {
  const { app } = await accountSite({ accountLimits: { windowMs: 60_000, perAddress: 2, perIp: 100 } });
  const ways = [
    ['ÖZLEM.ŞAHİN@Örnek.com.tr', 'özlem.şahin@örnek.com.tr', 'Özlem.Şahin@ÖRNEK.COM.TR'],
    ['ΝΙΚΟΣ.Κ@Παράδειγμα.ελ', 'νικος.κ@παράδειγμα.ελ', 'Νικος.κ@ΠΑΡΆΔΕΙΓΜΑ.ΕΛ'],
    ['E\u0301MILE@Voorbeeld.NL', 'émile@voorbeeld.nl', 'Émile@voorbeeld.nl'],
  ];
  for (const typed of ways) {
    const statuses: number[] = [];
    for (const email of typed) statuses.push((await postForm(app, 'login', { email, password: 'fout' }).set('X-Forwarded-For', '198.51.100.8')).status);
    assert.deepEqual(statuses, [422, 422, 429], `${typed.join(' | ')}: the third try needs the captcha step`);
  }
});
