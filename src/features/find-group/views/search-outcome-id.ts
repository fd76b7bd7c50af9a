/** The id of a search's outcome on the locations page: the search form's target, so a
 * visitor lands on the answer (with or without JavaScript), and the test's group advice links to it. */
export const SEARCH_OUTCOME_ID = 'zoekresultaat';
