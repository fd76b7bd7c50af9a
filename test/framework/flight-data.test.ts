import assert from 'node:assert/strict';
import { test } from 'node:test';
import { decodeFlightData, encodeFlightData, flightDataTag, flightRefTag } from '../../src/framework/flight-data';

const tricky = [
  '0:["$","p",null,{"children":"</script><script>alert(1)</script>"}]\n',
  '1:T1a,<!-- a comment --> and </SCRIPT >\n',
  '2:"100% %3C %25 %%3C literal"\n',
  'line\r\nwith CR\rand NUL \0 and emoji 🙂 and é\n',
  '',
];

test('the Flight data block decodes to exactly the payload it was given', () => {
  for (const payload of tricky) assert.equal(decodeFlightData(encodeFlightData(payload)), payload);
});

test('the encoded payload holds nothing the HTML parser would change or end the block at', () => {
  for (const payload of tricky) {
    const encoded = encodeFlightData(payload);
    assert.doesNotMatch(encoded, /[<\r\0]/);
  }
  const tag = flightDataTag(tricky[0]!);
  assert.match(tag, /^<script type="text\/x-component" data-rsc>[^<]*<\/script>$/);
});

test('quotes travel as they are (the JSON string it replaced escaped each one)', () => {
  const payload = '0:{"root":["$","html",null,{"lang":"nl"}]}\n';
  assert.equal(encodeFlightData(payload), payload);
});

test('a block that names its payload is empty, its address escaped for the attribute', () => {
  assert.equal(
    flightRefTag('/locaties?age=16&postcode=4001"AA&_rsc=abc', 'abc'),
    '<script type="text/x-component" data-rsc data-src="/locaties?age=16&amp;postcode=4001&quot;AA&amp;_rsc=abc" data-id="abc"></script>',
  );
});
