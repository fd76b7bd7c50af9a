// The help lines of the test's result when the content has none: De Kindertelefoon under 18,
// 113 Zelfmoordpreventie, the GP.
import { type Locale } from '../../../i18n/locale';
import type { HelpLine } from '../../../content/model/help-line';

/** Where to get help when the content service has no help lines: the result and its mail
 * always show them. */
export const BUILT_IN_HELP: Record<Locale, HelpLine[]> = {
  nl: [
    { name: 'De Kindertelefoon', description: 'Bellen of chatten over alles wat je dwarszit.', phone: '0800-0432', url: 'https://www.kindertelefoon.nl', audience: 'tot 18 jaar', maxAge: 17 },
    { name: '113 Zelfmoordpreventie', description: 'Dag en nacht, bellen of chatten.', phone: '113 of 0800-0113', url: 'https://www.113.nl', audience: 'voor iedereen' },
    { name: 'Je huisarts', description: 'Voor een gesprek over hoe het gaat en welke hulp bij je past.', audience: 'voor iedereen' },
  ],
  en: [
    { name: 'De Kindertelefoon', description: 'Call or chat about anything that bothers you.', phone: '0800-0432', url: 'https://www.kindertelefoon.nl', audience: 'under 18', maxAge: 17 },
    { name: '113 Suicide Prevention', description: 'Day and night, call or chat.', phone: '113 or 0800-0113', url: 'https://www.113.nl', audience: 'for everyone' },
    { name: 'Your GP', description: 'To talk about how you are doing and what help suits you.', audience: 'for everyone' },
  ],
};
