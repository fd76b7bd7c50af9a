import { FLIGHT_DATA_ATTRIBUTE } from './protocol';

/** The Flight payload as a non-executable data block: `<` is escaped so the text can never
 * close the element, and the browser never runs it, so the CSP needs no nonce. */
export function flightDataTag(payload: string): string {
  const json = JSON.stringify(payload).replace(/</g, '\\u003c');
  return `<script type="application/json" ${FLIGHT_DATA_ATTRIBUTE}>${json}</script>`;
}
