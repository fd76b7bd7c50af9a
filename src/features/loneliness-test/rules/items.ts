// The 11 items of the De Jong Gierveld loneliness scale, written in our own plain words (B1)
// for young people. Each keeps the meaning and the direction (polarity) of the original item:
// agreeing with a negative item points to loneliness, agreeing with a positive one away from it.
// Content may replace the texts; number, polarity and subscale must never change.
import type { Locale } from '../../../i18n/locale';
import { ANSWERS, type Answer } from './test-answers';

export { ANSWERS, ITEM_COUNT, type Answer } from './test-answers';

export type Polarity = 'negative' | 'positive';
/** Negative items measure emotional loneliness, positive items social loneliness. */
export type Subscale = 'emotional' | 'social';

export interface TestItem {
  readonly number: number;
  readonly polarity: Polarity;
  readonly subscale: Subscale;
  readonly text: Readonly<Record<Locale, string>>;
}

function item(number: number, polarity: Polarity, nl: string, en: string): TestItem {
  const subscale = polarity === 'negative' ? 'emotional' : 'social';
  return { number, polarity, subscale, text: { nl, en } };
}

export const ITEMS: readonly TestItem[] = [
  item(1, 'positive',
    'Als ik ergens mee zit, is er altijd wel iemand met wie ik erover kan praten.',
    'When something is bothering me, there is always someone I can talk to about it.'),
  item(2, 'negative',
    'Ik mis iemand die echt een goede vriend of vriendin voor me is.',
    'I miss having someone who is a really close friend to me.'),
  item(3, 'negative',
    'Het voelt leeg om me heen.',
    'It feels empty around me.'),
  item(4, 'positive',
    'Als het tegenzit, heb ik genoeg mensen bij wie ik kan aankloppen.',
    'When things go wrong, I have enough people I can turn to.'),
  item(5, 'negative',
    'Ik mis het om het gezellig te hebben met anderen.',
    'I miss having a good time with other people.'),
  item(6, 'negative',
    'Ik ken te weinig mensen.',
    'I know too few people.'),
  item(7, 'positive',
    'Ik heb veel mensen die ik helemaal kan vertrouwen.',
    'There are many people I can trust completely.'),
  item(8, 'positive',
    'Ik heb genoeg mensen met wie ik me echt verbonden voel.',
    'I have enough people I feel really close to.'),
  item(9, 'negative',
    'Ik mis het om mensen om me heen te hebben.',
    'I miss having people around me.'),
  item(10, 'negative',
    'Ik voel me vaak door anderen alleen gelaten.',
    'I often feel abandoned by others.'),
  item(11, 'positive',
    'Als ik mijn vrienden nodig heb, kan ik altijd bij ze terecht.',
    'Whenever I need my friends, I can always turn to them.'),
];

export function isAnswer(value: unknown): value is Answer {
  return (ANSWERS as readonly unknown[]).includes(value);
}
