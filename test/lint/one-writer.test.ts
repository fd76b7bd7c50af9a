// Answers are values with one writer (server/pages/answer.ts): handlers return what the visitor
// gets, and only the writer (server/pages/answer-writer.ts with its plain part,
// server/http/plain-answers.ts) and the fast path (server/pages/fast-path.ts with the render
// cache's sendRendered) write a response. A new `res.status(...)` anywhere else fails here.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';

const WRITERS = new Set(['server/pages/answer-writer.ts', 'server/http/plain-answers.ts', 'server/pages/fast-path.ts', 'server/pages/render-cache.ts']);
/** A call that writes an Express or Node response (not a fetch Response's `res.json()` read). */
const WRITE = /\bres\.(?:json\((?!\))|(?:status|send|redirect|end|writeHead|sendFile|sendStatus|write)\()/;

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? files(full) : /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

test('only the writer and the fast path write a response', () => {
  const found: string[] = [];
  for (const file of files('server')) {
    if (WRITERS.has(file)) continue;
    readFileSync(file, 'utf8')
      .split('\n')
      .forEach((line, i) => {
        if (WRITE.test(line)) found.push(`${file}:${i + 1}: ${line.trim()}`);
      });
  }
  assert.deepEqual(found, [], 'return an answer (server/pages/answer.ts) instead');
});

test('the check sees a write where one is', () => {
  for (const line of ["return void res.status(403).json({ error: 'x' });", 'res.end();', "res.writeHead(200, {});", "res.sendFile(file, {}, done);"]) assert.match(line, WRITE, line);
  for (const line of ['return res.json();', 'const answer = (await res.json()) as Answer;']) assert.doesNotMatch(line, WRITE, line);
});
