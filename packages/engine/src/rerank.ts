import type { TraceStep } from '@console/contracts';
import { probabilityOf, type Classification } from './classify';
import type { EngineIndex, IndexedContent } from './compile';
import type { RankedDocument } from './rank';
import { round, roundedAt, TRACED } from './trace';

/** How much the lexical score (scaled to 0-1) adds to the classifier's probability when reranking. */
const LEXICAL_WEIGHT = 0.3;

/** A candidate as the rerank stage scored it. */
export interface Reranked {
  labelIndex: number;
  probability: number;
  /** Its lexical score against the best one's (0-1), 0 for a candidate only the classifier put forward. */
  lexical: number;
  score: number;
}

function contentOf(index: EngineIndex, labelIndex: number): IndexedContent {
  return index.contents[index.contentOfLabel[labelIndex]!]!;
}

/**
 * The rerank stage: the lexical candidates and the classifier's best, by probability plus a little
 * lexical score (zero-shot: the closeness, which holds the lexical score already). The confidence is
 * the classifier's calibrated probability of the item chosen (the classify stage's when the reranker
 * kept its choice).
 */
export function rerankStage(
  index: EngineIndex,
  classification: Classification,
  leading: readonly number[],
  lexical: readonly RankedDocument[],
): { reranked: Reranked[]; chosen: IndexedContent; confidence: number; step: TraceStep } {
  const lexicalWeight = classification.lexical ? 0 : LEXICAL_WEIGHT;
  const topLexical = lexical[0]?.score ?? 0;
  // Each item has its own label, so a lexical candidate's label is found at its own rank.
  const candidateLabels = lexical.map(({ document }) => index.contents[document]!.label);
  for (const labelIndex of leading) {
    if (index.contentOfLabel[labelIndex]! >= 0 && !candidateLabels.includes(labelIndex)) candidateLabels.push(labelIndex);
  }
  const reranked = candidateLabels
    .map((labelIndex, position) => {
      const probability = probabilityOf(classification, labelIndex);
      const lexicalPart = position < lexical.length && topLexical ? lexical[position]!.score / topLexical : 0;
      return { labelIndex, probability, lexical: lexicalPart, score: probability + lexicalWeight * lexicalPart };
    })
    .sort((a, b) => b.score - a.score || a.labelIndex - b.labelIndex);
  const chosen = contentOf(index, reranked[0]!.labelIndex);
  const confidence = round(chosen.label === classification.best ? classification.confidence : probabilityOf(classification, chosen.label));
  const step: TraceStep = {
    stage: 'rerank',
    data: {
      chosen: { content_id: chosen.id, subject: chosen.subject },
      confidence,
      candidates: reranked.slice(0, TRACED).map((entry) => {
        const content = contentOf(index, entry.labelIndex);
        return {
          content_id: content.id,
          subject: content.subject,
          probability: round(entry.probability),
          lexical: round(entry.lexical),
          semantic: roundedAt(classification.semantic, index.contentOfLabel[entry.labelIndex]!),
          score: round(entry.score),
        };
      }),
    },
  };
  return { reranked, chosen, confidence, step };
}
