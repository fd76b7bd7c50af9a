// A new password typed twice (register, reset, change): each problem is said once, under the
// field it belongs to; the second field speaks only once the first is right.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { changePasswordSchema, registerSchema, resetPasswordSchema } from '../../../src/features/accounts/forms/accounts';
import { validateForm } from '../../../src/forms/validate';

const errorsOf = (input: Record<string, string>, locale: 'nl' | 'en' = 'nl') => {
  const result = validateForm(registerSchema(locale), { username: 'anna', email: 'anna@example.org', ...input }, locale);
  return result.ok ? {} : result.errors;
};

test('register: nothing filled in says "no password" once, under the first field only', () => {
  const errors = errorsOf({ password: '', passwordConfirmation: '' });
  assert.equal(errors.password, 'Je hebt geen wachtwoord ingevuld.');
  assert.equal(errors.passwordConfirmation, undefined);
  const all = validateForm(registerSchema('nl'), { username: '', email: '', password: '', passwordConfirmation: '' }, 'nl');
  assert.ok(!all.ok);
  assert.equal(Object.values(all.errors).filter((m) => m === 'Je hebt geen wachtwoord ingevuld.').length, 1);
});

test('register: the second field asks for the password again when only the first is filled in', () => {
  assert.deepEqual(errorsOf({ password: 'Geheim123!', passwordConfirmation: '' }), { passwordConfirmation: 'Vul hetzelfde wachtwoord hier nog een keer in.' });
  assert.deepEqual(errorsOf({ password: 'Geheim123!', passwordConfirmation: '' }, 'en'), { passwordConfirmation: 'Type the same password here once more.' });
});

test('register: typed differently is the mismatch, under the second field; the same is fine', () => {
  assert.deepEqual(errorsOf({ password: 'Geheim123!', passwordConfirmation: 'Geheim124!' }), { passwordConfirmation: 'De twee wachtwoorden zijn niet hetzelfde.' });
  assert.deepEqual(errorsOf({ password: 'Geheim123!', passwordConfirmation: 'Geheim123!' }), {});
});

test('register: a short first password is that field\'s problem alone', () => {
  assert.deepEqual(errorsOf({ password: 'abc', passwordConfirmation: '' }), { password: 'Kies een wachtwoord van minstens 6 tekens.' });
  assert.deepEqual(errorsOf({ password: '', passwordConfirmation: 'Geheim123!' }), { password: 'Je hebt geen wachtwoord ingevuld.' });
});

test('register: the mismatch is shown even while another field is still wrong', () => {
  const result = validateForm(registerSchema('nl'), { username: '', email: 'anna@example.org', password: 'Geheim123!', passwordConfirmation: 'anders' }, 'nl');
  assert.ok(!result.ok);
  assert.equal(result.errors.username, 'Je hebt geen gebruikersnaam ingevuld.');
  assert.equal(result.errors.passwordConfirmation, 'De twee wachtwoorden zijn niet hetzelfde.');
});

test('reset and change password follow the same rule', () => {
  const reset = validateForm(resetPasswordSchema('nl'), { code: 'abc', password: '', passwordConfirmation: '' }, 'nl');
  assert.ok(!reset.ok);
  assert.deepEqual(reset.errors, { password: 'Je hebt geen wachtwoord ingevuld.' });
  const change = validateForm(changePasswordSchema('nl'), { currentPassword: 'Oud12345!', password: 'Nieuw123!', passwordConfirmation: '' }, 'nl');
  assert.ok(!change.ok);
  assert.deepEqual(change.errors, { passwordConfirmation: 'Vul hetzelfde wachtwoord hier nog een keer in.' });
});
