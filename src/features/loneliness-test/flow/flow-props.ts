// What the server hands the test flow (plain data and server-rendered nodes), shared by the
// plain form and the stepped flow.
import { type Locale } from '../../../i18n/locale';
import type { ReactNode } from 'react';
import type { Answer } from '../rules/items';
import type { CaptchaConfig } from '../../../blocks/forms/browser-captcha';
import type { FlowTexts } from './flow-texts';
import type { ResultTexts } from './result-view';

export type FlowItem = { number: number; text: string };

export type TestFlowProps = {
  locale: Locale;
  action: string;
  page: string;
  stamp: string;
  captcha: CaptchaConfig;
  texts: FlowTexts;
  title: string;
  intro: ReactNode;
  items: FlowItem[];
  /** Labels of ja, min of meer, nee. */
  answerLabels: Record<Answer, string>;
  consentLabel: string;
  researchLabel: string;
  emailNote?: string | null;
  result: ResultTexts;
  /** The plain form's state after a post with errors (server-rendered, no JavaScript). */
  initial?: { values: Record<string, string>; errors: Record<string, string>; formErrors: string[] };
};

/** The form field of question `i` (0-based): q1..q11, as the server reads them. */
export const answerField = (i: number) => `q${i + 1}`;
