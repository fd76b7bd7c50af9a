/** What a page shows for a form after a post without JavaScript: the values as sent (never
 * files or passwords) and the errors next to their fields. Travels from the form endpoint
 * through the RSC render to the form's component. */
export type FormState = {
  form: string;
  values: Record<string, string>;
  errors: Record<string, string>;
  formErrors: string[];
};

/** Per-request input to a page render beside path and query. */
export type RequestState = { formState?: FormState };
