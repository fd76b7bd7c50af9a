// The loneliness test. Its questions come from content and its own view (the test flow)
// renders them with the flow's texts, so it lists no fields here. The server scores it, keeps
// the answers only with consent and anonymously, and mails the result only to the visitor:
// its own hooks, not the usual store-and-notify, so no mail texts either.
import { lonelinessTestSchema } from './loneliness-test-schema';
import type { FormDefinition } from '../../../forms/definitions/types';

export const lonelinessTest: FormDefinition = {
  name: 'loneliness-test',
  schema: (locale) => lonelinessTestSchema(locale),
  fields: [],
  collection: 'loneliness-test-results',
  captcha: 'on-submit',
  rateLimit: 'form-posts',
  hooks: 'loneliness-test',
};
