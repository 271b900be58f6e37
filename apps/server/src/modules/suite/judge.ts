import { kbPlainText, stepName, suiteAnswerWords, suiteMessages, type TestCaseAnswer, type TestCaseExpectation } from '@console/contracts';
import type { AnswerResult, EngineIndex } from '@console/engine';

/** What the classify step of a trace says the question was taken for (its shape is the engine's: classify.ts). */
interface ClassifyData {
  decision?: string;
  label?: { kind: string; id: string; subject: string } | null;
  flow?: { sequence: { id: string; name: string }; node: { id: string; name: string } } | null;
}

/** An answer as a case's outcome keeps it, with the names its reason may need. */
export interface HeardAnswer {
  answer: TestCaseAnswer;
  /** The classified intent's and the flow step's names, when the answer had them. */
  intentName: string | null;
  stepName: string | null;
}

/**
 * What an answer was. The classified intent is the classify step's label when it is an intent the
 * question was answered by (a flow started or led on: the decision 'scenario'); the step is where the
 * flow that answered stands after the question, also when the flow ended with it.
 */
export function heardAnswer(subjects: ReadonlyMap<string, string>, result: AnswerResult): HeardAnswer {
  const { reply } = result;
  const classify = (result.trace.find((step) => step.stage === 'classify')?.data ?? {}) as ClassifyData;
  const intent = classify.decision === 'scenario' && classify.label?.kind === 'intent' ? classify.label : null;
  const flow = reply.response_type === 'scenario' ? (classify.flow ?? null) : null;
  return {
    answer: {
      response_type: reply.response_type,
      content_id: reply.content_id,
      reporting_id: reply.reporting_id,
      subject: reply.content_id === null ? null : (subjects.get(reply.content_id) ?? null),
      intent_id: intent?.id ?? null,
      step: flow ? { sequence_id: flow.sequence.id, node_id: flow.node.id } : null,
      text: kbPlainText(reply.response),
      confidence: reply.confidence,
    },
    intentName: intent?.subject ?? null,
    stepName: flow ? stepName(flow.sequence.name, flow.node) : null,
  };
}

/** The content subjects of a version's index, by id, for the answers' words. */
export function indexSubjects(index: EngineIndex): Map<string, string> {
  return new Map(index.contents.map((content) => [content.id, content.subject]));
}

/** What the answer was, in words. */
function answerWords({ answer, stepName: step }: HeardAnswer): string {
  switch (answer.response_type) {
    case 'content':
      return suiteAnswerWords.content(answer.subject ?? answer.content_id ?? '');
    case 'oos':
      return suiteAnswerWords.outOfScope;
    case 'handoff':
      return suiteAnswerWords.handoff;
    case 'scenario':
      return step ? suiteAnswerWords.step(step) : suiteAnswerWords.noStep;
  }
}

/** Whether the answer is what the expectation asks for, and both in words. */
function compare(expect: TestCaseExpectation, expectedName: string, heard: HeardAnswer): { matched: boolean; expected: string; got: string } {
  const { answer } = heard;
  switch (expect.type) {
    case 'content':
      return { matched: answer.content_id === expect.content_id, expected: suiteAnswerWords.content(expectedName), got: answerWords(heard) };
    case 'intent':
      return {
        matched: answer.intent_id === expect.intent_id,
        expected: suiteAnswerWords.intent(expectedName),
        got: heard.intentName === null ? answerWords(heard) : suiteAnswerWords.intent(heard.intentName),
      };
    case 'step':
      return {
        matched: answer.step?.sequence_id === expect.sequence_id && answer.step.node_id === expect.node_id,
        expected: suiteAnswerWords.step(expectedName),
        got: answerWords(heard),
      };
    case 'out_of_scope':
      return { matched: answer.response_type === 'oos', expected: suiteAnswerWords.outOfScope, got: answerWords(heard) };
  }
}

/** Case and spacing aside: text split over lines in the answer still contains what the case asks for. */
const comparable = (text: string) => text.replace(/\s+/g, ' ').trim().toLocaleLowerCase();

/**
 * A case's verdict on an answer. `expectedName` is the expected item in words as the project holds it
 * now, null once it no longer exists (the case fails saying so). Every failed rule is given, in words.
 */
export function judge(testCase: { expect: TestCaseExpectation; must_contain: string }, expectedName: string | null, heard: HeardAnswer): { passed: boolean; reason: string } {
  const reasons: string[] = [];
  if (expectedName === null) reasons.push(suiteMessages.expectedItemGone);
  else {
    const { matched, expected, got } = compare(testCase.expect, expectedName, heard);
    if (!matched) reasons.push(suiteMessages.notAnswered(expected, got));
  }
  if (testCase.must_contain && !comparable(heard.answer.text).includes(comparable(testCase.must_contain))) {
    reasons.push(suiteMessages.missingText(testCase.must_contain));
  }
  return { passed: reasons.length === 0, reason: reasons.join('; ') };
}
