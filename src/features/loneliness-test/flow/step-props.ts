// What every step of the stepped flow gets: the server's props, the state, its dispatch, and
// the ref that gives the step's heading the focus.
import type { Dispatch } from 'react';
import type { TestFlowProps } from './flow-props';
import type { FlowAction, FlowState } from './flow-state';

export type StepProps = {
  props: TestFlowProps;
  state: FlowState;
  dispatch: Dispatch<FlowAction>;
  headingRef: (el: HTMLHeadingElement | null) => void;
};
