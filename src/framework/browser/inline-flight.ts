import { decodeFlightData } from '../flight-data';
import { FLIGHT_DATA_ATTRIBUTE } from '../../routing/protocol';

/** The Flight payload the server put in <script type="text/x-component" data-rsc> blocks,
 * as a byte stream for the Flight client. The blocks sit at the end of <body>, so read them
 * once the document is parsed. */
export function inlineFlightStream(): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      const read = () => {
        for (const el of document.querySelectorAll(`script[${FLIGHT_DATA_ATTRIBUTE}]`)) {
          controller.enqueue(encoder.encode(decodeFlightData(el.textContent ?? '')));
        }
        controller.close();
      };
      if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', read, { once: true });
      else read();
    },
  });
}
