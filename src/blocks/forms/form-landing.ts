/** What came back with a form: its answers, the mistakes in them, the step it is at. */
type FormBack = { errors: Readonly<Record<string, unknown>>; formErrors: readonly string[]; step?: number };

/**
 * Whether the form is the answer to a post without JavaScript (a mistake, a message, a next
 * step): then the element that answers takes the form's anchor, where the browser lands. A form
 * only filled in ahead (a search's keep-me-posted form with its postcode and age) is no answer:
 * its wrapper keeps the anchor.
 */
export function answersAPost(back: FormBack | undefined): boolean {
  return back !== undefined && (back.formErrors.length > 0 || Object.keys(back.errors).length > 0 || back.step !== undefined);
}
