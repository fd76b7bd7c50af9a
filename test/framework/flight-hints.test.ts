// The resource hints renderToString gets from a page's payload (src/framework/flight-hints.ts).
// The class: a reader of the Flight rows that takes a page's own text for a row of the protocol.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { flightHints } from '../../src/framework/flight-hints';

test("the class, a page's own text read as protocol: hint rows are read in order, and text that looks like one (an editor's text with a newline and :HL) is not, nor a typed array's bytes", () => {
  const text = 'Zie ook\n:HL["/evil.css","style"]\nonder jongeren é';
  const bytes = Buffer.byteLength(text).toString(16);
  const payload = Buffer.from(
    [':HL["/assets/main.css","style"]\n', `1:T${bytes},${text}`, '2:["$","p",null,{"children":"$1"}]\n', ':HL["/uploads/foto.avif","image",{"fetchPriority":"high"}]\n', `3:o4,\u0001\n:H`, '0:{"root":"$2"}\n'].join(''),
  );
  assert.deepEqual(flightHints(payload), [
    { code: 'L', args: ['/assets/main.css', 'style'] },
    { code: 'L', args: ['/uploads/foto.avif', 'image', { fetchPriority: 'high' }] },
  ]);
});
