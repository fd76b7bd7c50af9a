import type { DonationView } from './donation-view';

/** What a page shows for a form after a post without JavaScript: the values as sent (never
 * files or passwords) and the errors next to their fields. Travels from the form endpoint
 * through the RSC render to the form's component. */
export type FormState = {
  form: string;
  values: Record<string, string>;
  errors: Record<string, string>;
  formErrors: string[];
  /** The step a form in steps shows (1-based); the first when absent. */
  step?: number;
  /** The signed stamp of the form as the visitor first opened it, carried through its steps and
   * corrections so the fill time counts from then; absent: the page makes a new one. */
  stamp?: string;
  /** The hidden context the form was posted with (`return:/path`, `group:slug`, ...), for a page
   * whose query no longer says it. */
  context?: string;
  /** What happened, said first in the page's title ("Formulier onvolledig", "Stap 2 van 2"). */
  title?: string;
};

/** Per-request input to a page render beside path and query: a form after a post without
 * JavaScript, or the donation a status page is about. */
export type RequestState = {
  formState?: FormState;
  donation?: DonationView;
  account?: AccountView;
  /** The query string as the visitor asked for it (`?a=b`, the Flight marker left out): the 404 text shows the full path. */
  search?: string;
};

/** The signed-in visitor as an account page shows them; never the token. */
export type AccountView = { username: string; email: string };
