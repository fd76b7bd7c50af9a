'use client';
// The loneliness test in the browser: start, the 11 questions one per screen (a
// fieldset with a legend, large radio buttons, "previous question", "Vraag 3 van 11" and a
// progress bar), postcode and age, the consent step, then the advice and the optional result
// mail. Focus moves to each step's heading. Before the script runs (or without it) the same
// component renders the plain form with every question, which posts to the same endpoint.
import { useEffect, useState } from 'react';
import type { TestFlowProps } from './flow-props';
import { PlainForm } from './plain-form';
import { SteppedFlow } from './stepped-flow';

export type { FlowItem, TestFlowProps } from './flow-props';

export function TestFlow(props: TestFlowProps) {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return mounted ? <SteppedFlow {...props} /> : <PlainForm {...props} />;
}
