// One valid post of every site form, sent through the running site as a browser with
// JavaScript sends it (JSON answer, a solved ALTCHA challenge).
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { ANSWERS, ITEM_COUNT } from '../../src/features/loneliness-test/rules/test-answers';

/** `arrives`: what the collection's record must hold besides the answers posted (what the
 * server adds, or leaves out: null). */
export type FormSample = { form: string; collection: string; fields: Record<string, string>; file?: { field: string; name: string; type: string; bytes: Buffer }; arrives?: Record<string, unknown> };

function bornYearsAgo(years: number): string {
  const d = new Date();
  d.setUTCFullYear(d.getUTCFullYear() - years);
  d.setUTCDate(d.getUTCDate() - 10);
  return d.toISOString().slice(0, 10);
}

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
export const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

/** `marker` makes each run's records findable (in the email address). */
export function formSamples(marker: string): FormSample[] {
  const email = (who: string) => `${who}+${marker}@example.nl`;
  return [
    { form: 'contact', collection: 'contact-submissions', fields: { name: 'Sam de Vries', email: email('sam'), message: 'Ik wil graag meer weten over de groepen.', privacy: 'on' } },
    {
      form: 'course-information',
      collection: 'course-information-requests',
      fields: { name: 'Lotte Bakker', organisation: 'Gemeente Tiel', email: email('lotte'), phone: '0612345678', message: 'Wanneer is de volgende training?', preferredLocation: 'Tiel', preferredDate: inDays(30), privacy: 'on', context: 'course:eenzaamheid-herkennen-bij-jongeren' },
    },
    { form: 'keep-me-posted', collection: 'keep-me-posted-requests', fields: { email: email('kim'), postcode: '4001 AB', privacy: 'on', context: 'keep-me-posted:no-location' } },
    {
      form: 'sign-up',
      collection: 'sign-ups',
      fields: { firstname: 'Noor', lastname: 'Jansen', date_of_birth: bornYearsAgo(14), email: email('noor'), telephone: '0612345678', agreement: 'on', context: 'group:tiel-12-16' },
    },
    {
      form: 'start-location',
      collection: 'start-location-requests',
      fields: { name: 'Eva de Boer', email: email('eva'), jobTitle: 'Jongerenwerker', municipality: 'Buren', howHeard: 'Via een collega', phone: '0612345678', message: 'Wij willen graag een groep starten.', privacy: 'on' },
    },
    {
      form: 'vacancy-application',
      collection: 'vacancy-applications',
      fields: { name: 'Mo Yilmaz', email: email('mo'), phone: '0612345678', remarks: 'Ik kan per direct beginnen.', privacy: 'on', context: 'vacancy:jongerenwerker-tiel' },
      file: { field: 'cv', name: 'cv.pdf', type: 'application/pdf', bytes: PDF },
    },
    {
      form: 'loneliness-test',
      collection: 'loneliness-test-results',
      fields: {
        ...Object.fromEntries(Array.from({ length: ITEM_COUNT }, (_, i) => [`q${i + 1}`, ANSWERS[i % ANSWERS.length]!])),
        postcode: '4001 AB',
        age: '17',
        consent: 'on',
        researchPermission: 'on',
      },
    },
  ];
}

/** A form on an event's page is a sign-up for that event: the contact form there, sent with
 * what the page's intro asks (no message), arrives with the event it is for. */
export function eventSignUpSample(marker: string): FormSample {
  return {
    form: 'contact',
    collection: 'contact-submissions',
    fields: { name: 'Fatima El Amrani', organisation: 'Het Lyceum Tiel', email: `fatima+${marker}@example.nl`, privacy: 'on', context: 'event:stronger-together-2027', _page: '/stronger-together-2027' },
    arrives: { about: 'event:stronger-together-2027', event: 'Stronger Together 2027', message: null },
  };
}

async function captcha(site: string): Promise<string> {
  const challenge = (await (await fetch(`${site}/api/captcha/challenge`)).json()) as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

export async function postSample(site: string, sample: FormSample): Promise<{ status: number; body: Record<string, unknown> }> {
  const fields = { ...sample.fields, altcha: await captcha(site) };
  let body: BodyInit;
  if (sample.file) {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    form.append(sample.file.field, new Blob([new Uint8Array(sample.file.bytes)], { type: sample.file.type }), sample.file.name);
    body = form;
  } else body = new URLSearchParams(fields);
  const res = await fetch(`${site}/forms/${sample.form}`, { method: 'POST', headers: { Origin: site, Accept: 'application/json' }, body });
  return { status: res.status, body: (await res.json().catch(() => ({}))) as Record<string, unknown> };
}
