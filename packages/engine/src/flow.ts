/**
 * Flows (sequences and scenarios) at answer time, in three parts: compiling a snapshot's flows
 * (flow-compile.ts), running a turn (flow-turn.ts, which reads slot values with slot-values.ts) and
 * reading what a business-logic endpoint answered (callout-reply.ts). The rest of the engine imports
 * flows from here.
 */
export { compileFlows, type FlowIndex } from './flow-compile';
export { clearlyContent, continueAfterCall, FLOW_QUICK_REPLIES, flowTrace, flowTurn, type CalloutBody, type FlowCallout } from './flow-turn';
export { calloutBlocks, type CalloutOutcome } from './callout-reply';
