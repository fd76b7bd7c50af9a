/** What came back with a form: its answers, the mistakes in them, the step it is at. */
type FormBack = { errors: Readonly<Record<string, unknown>>; formErrors: readonly string[]; step?: number };

/** Where a post's answer lands: the id of the element that answers, beside the form's own anchor
 * (which stays on the form, for links to it). */
export const answerAnchor = (anchor: string) => `${anchor}-antwoord`;

/**
 * Whether the form is the answer to a post without JavaScript (a mistake, a message, a next
 * step): then the element that answers takes the landing id, where the browser lands. A form
 * only filled in ahead (a search's keep-me-posted form with its postcode and age) is no answer.
 */
export function answersAPost(back: FormBack | undefined): boolean {
  return back !== undefined && (back.formErrors.length > 0 || Object.keys(back.errors).length > 0 || back.step !== undefined);
}
